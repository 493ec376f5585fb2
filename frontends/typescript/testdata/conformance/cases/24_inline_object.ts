export interface Order {
  id: string;
  customer: {
    name: string;
    contact: {
      email?: string;
      phone?: string;
    };
  };
  lines: { sku: string; qty: number }[];
}
