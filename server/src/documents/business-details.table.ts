/** The business's details (033_business_details): one row, id 1; texts null until first set. */
export interface BusinessDetailsTable {
  id: number;
  name: string | null;
  /** Several lines. */
  address: string | null;
  phone: string | null;
  email: string | null;
  tax_id: string | null;
  updated_by: string | null;
  updated_at: string | null;
}

export interface BusinessDetailsTables {
  business_details: BusinessDetailsTable;
}
