const DEFAULT_MODEL = 'claude-sonnet';
const MAX = 8;
const STRICT = true;

export interface Settings {
  model: typeof DEFAULT_MODEL;
  max: typeof MAX;
  strict: typeof STRICT;
}
