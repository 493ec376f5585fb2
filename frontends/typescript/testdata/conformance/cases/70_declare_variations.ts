export declare interface Declared {
  a: string;
}
export declare type DeclaredAlias = number | string;
interface Later {
  b: boolean;
}
type LaterAlias = Later[];
export { Later, LaterAlias };
