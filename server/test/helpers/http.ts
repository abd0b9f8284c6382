/** Small HTTP client for the suites: JSON in, status and parsed JSON out. */
export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted, not typed
export type Json = any;

export async function request(
  baseUrl: string,
  method: string,
  path: string,
  { token, body, headers = {} }: RequestOptions = {},
): Promise<ApiResponse<Json>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Token ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let parsed: Json = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (an HTML page, an empty 204): leave it as text.
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

export function client(baseUrl: string) {
  return {
    get: (path: string, options?: RequestOptions) => request(baseUrl, 'GET', path, options),
    post: (path: string, body?: unknown, options?: RequestOptions) =>
      request(baseUrl, 'POST', path, { ...options, body }),
    put: (path: string, body?: unknown, options?: RequestOptions) =>
      request(baseUrl, 'PUT', path, { ...options, body }),
    request: (method: string, path: string, options?: RequestOptions) =>
      request(baseUrl, method, path, options),
  };
}
export type Client = ReturnType<typeof client>;

let counter = 0;

/** Registers an account with unique defaults; returns its token and session user. */
export async function register(
  api: Client,
  overrides: Partial<{ fullname: string; email: string; username: string; password: string }> = {},
) {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  const input = {
    fullname: `User ${id}`,
    email: `user${id}@kura.example`,
    username: `user${id}`,
    password: 'secret-pass',
    ...overrides,
  };
  const res = await api.post('/api/v1/auth/register', input);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    ...input,
    token: res.body.accessToken as string,
    user: res.body.data as { _id: string; role: string | null },
  };
}

/** An admin (the first account) plus helpers to make accounts with a given role. */
export async function setupAccounts(api: Client) {
  const admin = await register(api, { fullname: 'Ada Admin' });
  if (admin.user.role !== 'admin') throw new Error('the first account should be admin');
  const withRole = async (role: 'admin' | 'orderCreator' | null) => {
    const account = await register(api);
    if (role) {
      const res = await api.put(`/api/v1/users/${account.user._id}`, { role }, { token: admin.token });
      if (res.status !== 200) throw new Error(`grant failed: ${res.status} ${JSON.stringify(res.body)}`);
    }
    return account;
  };
  return { admin, withRole };
}

/** Creates a product (a tin of sencha unless `fields` say otherwise) and answers its id. */
export async function createProduct(
  api: Client,
  admin: { token: string },
  fields: Record<string, unknown> = {},
): Promise<string> {
  const res = await api.post(
    '/api/v1/products',
    {
      name: 'Sencha Green Tea',
      skuCode: 'SEN-1',
      janCode: '4901234567894',
      purchasePrice: 500,
      inStockQuantity: 3,
      amazonStockQuantity: 0,
      availablePlatforms: [{ code: 'AMAZONJP', asin: 'B0SENCHA01' }],
      ...fields,
    },
    admin,
  );
  if (res.status !== 201) throw new Error(`product not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data._id as string;
}
