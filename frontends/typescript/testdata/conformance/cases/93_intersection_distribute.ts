interface Base {
  id: string;
}
interface ByName {
  kind: 'name';
  name: string;
}
interface ById {
  kind: 'id';
  ref: number;
}
interface Paged {
  page?: number;
}

export type Lookup = Base & (ByName | ById);

export type PagedLookup = (ByName | ById) & Paged & { limit: number };

export type Two = (ByName | ById) & ({ a: string } | { b: boolean });
