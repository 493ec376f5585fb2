// Namespaces as the OpenAI and Anthropic SDKs lay them out: an interface
// merged with a namespace of the same name, nested namespaces, members
// that refer to their siblings unqualified, and `declare namespace`.
export interface Tool {
  name: string;
  /** The tool's input schema. */
  input_schema: Tool.InputSchema;
  mode?: Tool.Options.Mode;
}

export namespace Tool {
  export interface InputSchema {
    type: 'object';
    properties?: { [k: string]: unknown } | null;
    required?: Array<string> | null;
  }

  export namespace Options {
    export type Mode = 'auto' | 'manual';
    /** Limits of one call. */
    export interface Limits {
      mode: Mode;
      max_tokens: number;
    }
  }
}

export declare namespace Params {
  interface Location {
    city: string;
  }
  export interface Search {
    query: string;
    location?: Location;
    limits?: Tool.Options.Limits;
  }
}

export namespace A.B {
  export type C = { deep: boolean };
}

export interface Request {
  search: Params.Search;
  c: A.B.C;
}
