export interface Address {
  street: string;
}
export interface Customer {
  address: Address | null;
  billing: { zip: string } | null;
}
