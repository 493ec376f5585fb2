export interface Frozen {
  readonly id: string;
  readonly tags?: readonly string[];
}
