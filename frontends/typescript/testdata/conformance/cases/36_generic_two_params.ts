export type Pair<K, V> = { key: K; value: V };
export type Entry = Pair<string, boolean>;
export type Nested = Pair<number, Pair<string, string>>;
