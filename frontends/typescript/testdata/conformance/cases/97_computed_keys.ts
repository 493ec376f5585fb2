const KEY = 'query';
const LIMIT_KEY = 'max_results';

enum Field {
  Sort = 'sort_by',
  Order = 'order',
}

export interface Search {
  [KEY]: string;
  [LIMIT_KEY]?: number;
  [Field.Sort]: 'date' | 'score';
  /** Ascending or descending. */
  [Field.Order]?: 'asc' | 'desc';
}
