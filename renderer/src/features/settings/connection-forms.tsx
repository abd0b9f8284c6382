/**
 * The settings form of each platform connection. Secrets are write-only: their fields start
 * empty whatever is stored, say when the stored one was set, and a field left empty keeps it
 * (the server's rule); the first save needs them all. What is typed is checked by the shared
 * schemas, and stays in the form when the server refuses it.
 *
 * Amazon: one refresh token serves every marketplace of one selling account. A seller whose
 * Japan and India accounts authorized the app apart ticks "separate accounts" and gives each
 * region its own; a region left without one uses the single token, if one is saved. Unticked,
 * the regions' own tokens are forgotten on save: the single token is then the only one.
 */
import {
  Button,
  Checkbox,
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Switch,
  tokens,
} from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import { useEffect, useId, useMemo } from 'react';
import {
  Controller,
  useForm,
  type Control,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormSetError,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateTime } from 'luxon';
import { MESSAGES } from '#shared/messages';
import type { z } from 'zod';
import {
  AMAZON_MARKETPLACE_REGION,
  AMAZON_MARKETPLACES,
  AMAZON_REGIONS,
  amazonConnectionInputSchema,
  type AmazonRegionName,
  CONNECTION_INTERVAL,
  shopifyConnectionInputSchema,
  type Connection,
} from '#shared/schemas/connections';
import { ApiError } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { BusySpinner } from '../../ui/busy-spinner';
import { useAppMutation } from '../../ui/use-app-mutation';
import { useDateDisplay } from '../../ui/use-date-display';
import { useFieldMessage } from '../../ui/use-error-text';
import { saveAmazonConnection, saveShopifyConnection } from './connections.api';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  interval: { maxWidth: '160px' },
  unit: { color: tokens.colorNeutralForeground3 },
  marketplaces: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL },
  submit: { alignSelf: 'flex-start', minWidth: '120px' },
});

type ShopifyConnection = Extract<Connection, { kind: 'shopify' }>;
type AmazonConnection = Extract<Connection, { kind: 'amazon' }>;

/** A field the first save needs and that was left empty (the server would refuse it too). */
const SECRET_REQUIRED = 'secretRequired';

/**
 * How Kura signs in to the shop: an admin-created app's access token (such apps cannot be made
 * since 2026, old ones keep working), or a Dev Dashboard app's client id and secret.
 */
type ShopifySignIn = 'token' | 'client';

interface ShopifyValues {
  shopDomain: string;
  signIn: ShopifySignIn;
  accessToken: string;
  clientId: string;
  clientSecret: string;
  enabled: boolean;
  intervalMinutes: string;
}

interface AmazonValues {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** The Japan and India accounts authorized apart: a refresh token per region. */
  separateAccounts: boolean;
  refreshTokenFe: string;
  refreshTokenEu: string;
  marketplaceIds: string[];
  enabled: boolean;
  intervalMinutes: string;
}

/** The form's field of a region's own refresh token, and the API's. */
const REGION_FIELD = { fe: 'refreshTokenFe', eu: 'refreshTokenEu' } as const satisfies Record<
  AmazonRegionName,
  keyof AmazonValues
>;
const API_REGION_FIELD: Record<string, string> = {
  'refreshTokens.fe': REGION_FIELD.fe,
  'refreshTokens.eu': REGION_FIELD.eu,
};

/** The regions of the chosen marketplaces, in the order they are offered. */
const regionsOf = (ids: readonly string[]): AmazonRegionName[] =>
  AMAZON_REGIONS.filter((region) =>
    AMAZON_MARKETPLACES.some((id) => ids.includes(id) && AMAZON_MARKETPLACE_REGION[id] === region),
  );

const intervalOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const secretOf = (text: string) => (text === '' ? undefined : text);

/**
 * A resolver over a shared schema: the typed values become the request body, which the schema
 * checks (its messages are the server's); an empty secret with nothing stored is refused here.
 */
function bodyResolver<Values extends FieldValues, Schema extends z.ZodType>(
  schema: Schema,
  toBody: (values: Values) => unknown,
  missingSecrets: (values: Values) => (keyof Values & string)[],
  /** The form's field of a body's path, when they differ (`refreshTokens.eu`). */
  fieldOf: Record<string, string> = {},
): Resolver<Values, unknown, z.output<Schema>> {
  return (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const parsed = schema.safeParse(toBody(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldOf[issue.path.slice(0, 2).join('.')] ?? String(issue.path[0] ?? '');
        errors[field] ??= { type: issue.code, message: issue.message };
      }
    }
    for (const field of missingSecrets(values))
      errors[field] = { type: SECRET_REQUIRED, message: SECRET_REQUIRED };
    if (parsed.success && Object.keys(errors).length === 0) return { values: parsed.data, errors: {} };
    return { values: {}, errors: errors as never };
  };
}

/** The server's refusal of fields, on those fields (a secret it still needs, a bad domain). */
function markServerErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly string[],
  fieldOf: Record<string, string> = {},
) {
  if (!(error instanceof ApiError)) return;
  for (const e of error.errors) {
    const field = fieldOf[e.field] ?? e.field;
    if (!fields.includes(field)) continue;
    setError(field as Path<Values>, {
      type: e.code === 'connectionSecretRequired' ? SECRET_REQUIRED : (e.code ?? 'server'),
      message: e.message,
      ...({ code: e.code, params: e.params } as object),
    });
  }
}

/** The message under a field: the shared schema's text, or the form's own for a missing secret. */
function useMessage() {
  const { t } = useTranslation('setting');
  const fieldMessage = useFieldMessage();
  return (error: { type?: string; message?: string } | undefined) =>
    error?.type === SECRET_REQUIRED ? t('connections.secretRequired') : fieldMessage(error);
}

/** A secret's set-at instant as a day in the user's date format. */
function useSetDay() {
  const dates = useDateDisplay();
  return (at: string) => {
    const day = DateTime.fromISO(at, { zone: 'utc' }).setZone(dates.timeZone).toISODate();
    return day ? dates.date(day) : at;
  };
}

/** "Set on <date>" in the user's date format, or "Not set". */
function useSetOn() {
  const { t } = useTranslation('setting');
  const setDay = useSetDay();
  return (at: string | undefined) =>
    at ? t('connections.secretSetOn', { date: setDay(at) }) : t('connections.secretNotSet');
}

/** The form follows the saved connection while nothing is typed in it. */
function useFollowSaved<Values extends FieldValues>(
  saved: Values,
  isDirty: boolean,
  reset: (values: Values) => void,
) {
  const key = JSON.stringify(saved);
  useEffect(() => {
    if (!isDirty) reset(saved);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new saved state moves the form
  }, [key]);
}

function IntervalField<Values extends FieldValues>({
  control,
  message,
}: {
  control: Control<Values, unknown, never>;
  message: string | undefined;
}) {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  return (
    <Field label={t('connections.fields.intervalMinutes')} required validationMessage={message}>
      <Controller
        control={control}
        name={'intervalMinutes' as Path<Values>}
        render={({ field: { ref, value, onChange, onBlur, name } }) => (
          <Input
            ref={ref}
            name={name}
            className={styles.interval}
            type="number"
            inputMode="numeric"
            min={CONNECTION_INTERVAL.min}
            max={CONNECTION_INTERVAL.max}
            value={String(value)}
            onChange={(_e, data) => onChange(data.value)}
            onBlur={onBlur}
            contentAfter={<span className={styles.unit}>{t('connections.minutes')}</span>}
          />
        )}
      />
    </Field>
  );
}

function EnabledSwitch<Values extends FieldValues>({
  control,
}: {
  control: Control<Values, unknown, never>;
}) {
  const { t } = useTranslation('setting');
  return (
    <Controller
      control={control}
      name={'enabled' as Path<Values>}
      render={({ field: { ref, value, onChange, name } }) => (
        <Switch
          ref={ref}
          name={name}
          label={t('connections.fields.enabled')}
          checked={Boolean(value)}
          onChange={(_e, data) => onChange(data.checked)}
        />
      )}
    />
  );
}

/** A required text field of a connection (not a secret: shown as saved). */
function TextField<Values extends FieldValues>({
  control,
  name,
  label,
  placeholder,
  message,
}: {
  control: Control<Values, unknown, never>;
  name: Path<Values>;
  label: string;
  placeholder?: string;
  message: string | undefined;
}) {
  return (
    <Field label={label} required validationMessage={message}>
      <Controller
        control={control}
        name={name}
        render={({ field: { ref, value, onChange, onBlur } }) => (
          <Input
            ref={ref}
            name={name}
            value={String(value)}
            placeholder={placeholder}
            autoComplete="off"
            onChange={(_e, data) => onChange(data.value)}
            onBlur={onBlur}
          />
        )}
      />
    </Field>
  );
}

function SecretField<Values extends FieldValues>({
  control,
  name,
  label,
  setAt,
  message,
  unset,
}: {
  control: Control<Values, unknown, never>;
  name: Path<Values>;
  label: string;
  setAt: string | undefined;
  message: string | undefined;
  /** The hint when nothing is set here, and whether the field may then stay empty. */
  unset?: { hint: string; optional: boolean };
}) {
  const setOn = useSetOn();
  return (
    <Field
      label={label}
      required={!setAt && !unset?.optional}
      validationMessage={message}
      hint={!setAt && unset ? unset.hint : setOn(setAt)}
    >
      <Controller
        control={control}
        name={name}
        render={({ field: { ref, value, onChange, onBlur } }) => (
          <Input
            ref={ref}
            name={name}
            type="password"
            autoComplete="new-password"
            value={String(value)}
            onChange={(_e, data) => onChange(data.value)}
            onBlur={onBlur}
          />
        )}
      />
    </Field>
  );
}

export interface ConnectionFormProps<C> {
  connection: C | undefined;
  /** Tells the screen whether something is typed and not saved (its leave guard). */
  onDirty: (dirty: boolean) => void;
}

export function ShopifyForm({ connection, onDirty }: ConnectionFormProps<ShopifyConnection>) {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  const message = useMessage();
  const savedClientId = connection?.settings.clientId ?? null;
  const saved = useMemo<ShopifyValues>(
    () => ({
      shopDomain: connection?.settings.shopDomain ?? '',
      signIn: savedClientId ? 'client' : 'token',
      accessToken: '',
      clientId: savedClientId ?? '',
      clientSecret: '',
      enabled: connection?.enabled ?? true,
      intervalMinutes: String(connection?.intervalMinutes ?? CONNECTION_INTERVAL.default),
    }),
    [connection, savedClientId],
  );
  const tokenSetAt = connection?.accessTokenSetAt;
  const secretSetAt = connection?.clientSecretSetAt;
  const resolver = useMemo(() => {
    const schemaResolver = bodyResolver(
      shopifyConnectionInputSchema,
      (v: ShopifyValues) => ({
        shopDomain: v.shopDomain,
        ...(v.signIn === 'client'
          ? { clientId: v.clientId, clientSecret: secretOf(v.clientSecret) }
          : { accessToken: secretOf(v.accessToken) }),
        enabled: v.enabled,
        intervalMinutes: intervalOf(v.intervalMinutes),
      }),
      (v: ShopifyValues) =>
        v.signIn === 'client'
          ? !secretSetAt && v.clientSecret === ''
            ? ['clientSecret' as const]
            : []
          : !tokenSetAt && v.accessToken === ''
            ? ['accessToken' as const]
            : [],
    );
    // A Dev Dashboard app is named by its client id: the schema leaves it optional for the
    // token's way, so the form asks for it here.
    const resolve: typeof schemaResolver = async (values, context, options) => {
      const result = await schemaResolver(values, context, options);
      if (values.signIn !== 'client' || values.clientId.trim() !== '') return result;
      return {
        values: {},
        errors: { ...result.errors, clientId: { type: 'required', message: MESSAGES.required } } as never,
      };
    };
    return resolve;
  }, [tokenSetAt, secretSetAt]);
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<ShopifyValues, unknown, z.output<typeof shopifyConnectionInputSchema>>({
    resolver,
    defaultValues: saved,
  });
  useFollowSaved(saved, isDirty, reset);
  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);
  const signIn = useWatch({ control, name: 'signIn' });

  const save = useAppMutation({
    mutationFn: saveShopifyConnection,
    success: t('connections.saved', { platform: t('connections.shopify.title') }),
    invalidate: (client) => client.invalidateQueries({ queryKey: queryKeys.connections.all }),
    onSuccess: (answer) => {
      const c = answer.data as ShopifyConnection;
      reset({
        ...saved,
        shopDomain: c.settings.shopDomain,
        signIn: c.settings.clientId ? 'client' : 'token',
        accessToken: '',
        clientId: c.settings.clientId ?? '',
        clientSecret: '',
        enabled: c.enabled,
        intervalMinutes: String(c.intervalMinutes),
      });
    },
    onError: (error) =>
      markServerErrors(error, setError, [
        'shopDomain',
        'accessToken',
        'clientId',
        'clientSecret',
        'intervalMinutes',
      ]),
    failureTone: 'warning',
  });

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t('connections.shopify.formLabel')}
      onSubmit={handleSubmit((body) => save.mutate(body))}
    >
      <TextField
        control={control as never}
        name="shopDomain"
        label={t('connections.fields.shopDomain')}
        placeholder={t('connections.placeholders.shopDomain')}
        message={message(errors.shopDomain)}
      />
      <Field label={t('connections.shopify.signIn')}>
        <Controller
          control={control}
          name="signIn"
          render={({ field: { value, onChange, name } }) => (
            <RadioGroup name={name} value={value} onChange={(_e, data) => onChange(data.value)}>
              <Radio value="token" label={t('connections.shopify.signInToken')} />
              <Radio value="client" label={t('connections.shopify.signInClient')} />
            </RadioGroup>
          )}
        />
      </Field>
      {signIn === 'client' ? (
        <>
          <TextField
            control={control as never}
            name="clientId"
            label={t('connections.fields.shopifyClientId')}
            message={message(errors.clientId)}
          />
          <SecretField
            control={control as never}
            name="clientSecret"
            label={t('connections.fields.shopifyClientSecret')}
            setAt={secretSetAt}
            message={message(errors.clientSecret)}
          />
        </>
      ) : (
        <SecretField
          control={control as never}
          name="accessToken"
          label={t('connections.fields.accessToken')}
          setAt={tokenSetAt}
          message={message(errors.accessToken)}
        />
      )}
      <EnabledSwitch control={control as never} />
      <IntervalField control={control as never} message={message(errors.intervalMinutes)} />
      <Button
        className={styles.submit}
        type="submit"
        appearance="primary"
        disabled={save.isPending}
        icon={save.isPending ? <BusySpinner /> : <SaveRegular />}
      >
        {t('connections.save')}
      </Button>
    </form>
  );
}

export function AmazonForm({ connection, onDirty }: ConnectionFormProps<AmazonConnection>) {
  const styles = useStyles();
  const { t } = useTranslation('setting');
  const message = useMessage();
  const setOn = useSetOn();
  const setDay = useSetDay();
  const sharedTokenUsed = (at: string) => t('connections.sharedTokenUsed', { date: setDay(at) });
  const regionSetAt = connection?.regionTokensSetAt;
  const saved = useMemo<AmazonValues>(
    () => ({
      clientId: connection?.settings.clientId ?? '',
      clientSecret: '',
      refreshToken: '',
      separateAccounts: Boolean(regionSetAt?.fe ?? regionSetAt?.eu),
      refreshTokenFe: '',
      refreshTokenEu: '',
      marketplaceIds: [...(connection?.settings.marketplaceIds ?? [])],
      enabled: connection?.enabled ?? true,
      intervalMinutes: String(connection?.intervalMinutes ?? CONNECTION_INTERVAL.default),
    }),
    [connection, regionSetAt],
  );
  const secretSet = {
    clientSecret: connection?.clientSecretSetAt,
    refreshToken: connection?.refreshTokenSetAt,
    fe: regionSetAt?.fe,
    eu: regionSetAt?.eu,
  };
  const resolver = useMemo(
    () =>
      bodyResolver(
        amazonConnectionInputSchema,
        (v: AmazonValues) => {
          // In the order they are offered, whatever order they were ticked in.
          const marketplaceIds = AMAZON_MARKETPLACES.filter((id) => v.marketplaceIds.includes(id));
          const typed = Object.fromEntries(
            regionsOf(marketplaceIds).flatMap((region) => {
              const value = secretOf(v[REGION_FIELD[region]]);
              return value ? [[region, value]] : [];
            }),
          );
          // One account again: the regions' own tokens are forgotten, the single one serves all.
          const forgotten = Object.fromEntries(
            AMAZON_REGIONS.filter((region) => secretSet[region]).map((region) => [region, null]),
          );
          return {
            clientId: v.clientId,
            clientSecret: secretOf(v.clientSecret),
            ...(v.separateAccounts
              ? Object.keys(typed).length > 0
                ? { refreshTokens: typed }
                : {}
              : {
                  refreshToken: secretOf(v.refreshToken),
                  ...(Object.keys(forgotten).length > 0 ? { refreshTokens: forgotten } : {}),
                }),
            marketplaceIds,
            enabled: v.enabled,
            intervalMinutes: intervalOf(v.intervalMinutes),
          };
        },
        (v: AmazonValues) => [
          ...(!secretSet.clientSecret && v.clientSecret === '' ? (['clientSecret'] as const) : []),
          ...(v.separateAccounts
            ? regionsOf(v.marketplaceIds)
                .filter(
                  (region) => !secretSet[region] && !secretSet.refreshToken && v[REGION_FIELD[region]] === '',
                )
                .map((region) => REGION_FIELD[region])
            : !secretSet.refreshToken && v.refreshToken === ''
              ? (['refreshToken'] as const)
              : []),
        ],
        API_REGION_FIELD,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the dates are what it reads
    [secretSet.clientSecret, secretSet.refreshToken, secretSet.fe, secretSet.eu],
  );
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<AmazonValues, unknown, z.output<typeof amazonConnectionInputSchema>>({
    resolver,
    defaultValues: saved,
  });
  useFollowSaved(saved, isDirty, reset);
  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);
  const [chosen, separate] = useWatch({ control, name: ['marketplaceIds', 'separateAccounts'] });
  const regions = regionsOf(chosen);
  const idPrefix = useId();

  const save = useAppMutation({
    mutationFn: saveAmazonConnection,
    success: t('connections.saved', { platform: t('connections.amazon.title') }),
    invalidate: (client) => client.invalidateQueries({ queryKey: queryKeys.connections.all }),
    onSuccess: (answer) => {
      const c = answer.data as AmazonConnection;
      reset({
        clientId: c.settings.clientId,
        clientSecret: '',
        refreshToken: '',
        separateAccounts: Boolean(c.regionTokensSetAt?.fe ?? c.regionTokensSetAt?.eu),
        refreshTokenFe: '',
        refreshTokenEu: '',
        marketplaceIds: [...c.settings.marketplaceIds],
        enabled: c.enabled,
        intervalMinutes: String(c.intervalMinutes),
      });
    },
    onError: (error) =>
      markServerErrors(
        error,
        setError,
        [
          'clientId',
          'clientSecret',
          'refreshToken',
          REGION_FIELD.fe,
          REGION_FIELD.eu,
          'marketplaceIds',
          'intervalMinutes',
        ],
        API_REGION_FIELD,
      ),
    failureTone: 'warning',
  });

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t('connections.amazon.formLabel')}
      onSubmit={handleSubmit((body) => save.mutate(body))}
    >
      <TextField
        control={control as never}
        name="clientId"
        label={t('connections.fields.clientId')}
        message={message(errors.clientId)}
      />
      <SecretField
        control={control as never}
        name="clientSecret"
        label={t('connections.fields.clientSecret')}
        setAt={secretSet.clientSecret}
        message={message(errors.clientSecret)}
      />
      <Controller
        control={control}
        name="marketplaceIds"
        render={({ field: { value, onChange } }) => (
          // Not `required` on the Field: Fluent would pass it to each checkbox, starring both.
          <Field
            label={t('connections.fields.marketplaces')}
            validationMessage={message(
              errors.marketplaceIds as { type?: string; message?: string } | undefined,
            )}
          >
            <div
              role="group"
              aria-label={t('connections.fields.marketplaces')}
              className={styles.marketplaces}
            >
              {AMAZON_MARKETPLACES.map((id) => (
                <Checkbox
                  key={id}
                  // Its own id and name: inside a Field every checkbox would take the Field's id
                  // (every label then naming the first one, the others unnamed) or its label.
                  id={`${idPrefix}-${id}`}
                  aria-labelledby={`${idPrefix}-${id}-label`}
                  label={{ id: `${idPrefix}-${id}-label`, children: t(`connections.marketplaces.${id}`) }}
                  checked={value.includes(id)}
                  onChange={(_e, data) =>
                    onChange(data.checked ? [...value, id] : value.filter((chosen) => chosen !== id))
                  }
                />
              ))}
            </div>
          </Field>
        )}
      />
      {/* Offered once both regions are chosen; kept while ticked, so it can be unticked. */}
      {regions.length > 1 || separate ? (
        <Controller
          control={control}
          name="separateAccounts"
          render={({ field: { ref, value, onChange, name } }) => (
            <Checkbox
              ref={ref}
              name={name}
              label={t('connections.amazon.separateAccounts')}
              checked={value}
              onChange={(_e, data) => onChange(data.checked === true)}
            />
          )}
        />
      ) : null}
      {separate ? (
        regions.map((region) => (
          <SecretField
            key={region}
            control={control as never}
            name={REGION_FIELD[region]}
            label={t(`connections.fields.${REGION_FIELD[region]}`)}
            setAt={secretSet[region]}
            message={message(errors[REGION_FIELD[region]])}
            unset={
              secretSet.refreshToken
                ? { hint: sharedTokenUsed(secretSet.refreshToken), optional: true }
                : { hint: setOn(undefined), optional: false }
            }
          />
        ))
      ) : (
        <SecretField
          control={control as never}
          name="refreshToken"
          label={t('connections.fields.refreshToken')}
          setAt={secretSet.refreshToken}
          message={message(errors.refreshToken)}
        />
      )}
      <EnabledSwitch control={control as never} />
      <IntervalField control={control as never} message={message(errors.intervalMinutes)} />
      <Button
        className={styles.submit}
        type="submit"
        appearance="primary"
        disabled={save.isPending}
        icon={save.isPending ? <BusySpinner /> : <SaveRegular />}
      >
        {t('connections.save')}
      </Button>
    </form>
  );
}
