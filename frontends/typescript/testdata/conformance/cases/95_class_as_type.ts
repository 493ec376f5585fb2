// Classes used as types: their public instance data members, as
// ts-json-schema-generator reads them.
export class Base {
  /** Where the record lives. */
  region: string = 'eu';
}

export class Config extends Base {
  url: string = 'http://localhost';
  retries = 3;
  verbose = false;
  label?: string;
  readonly tags: string[] = [];
  definite!: number;
  private secret: string = 'x';
  protected internal = 1;
  static instances = 0;
  #hidden = true;

  constructor(public host: string, private port: number, readonly mode?: 'fast' | 'slow') {
    super();
  }

  get address(): string {
    return `${this.host}:${this.port}`;
  }

  connect(timeout: number): Promise<void> {
    return Promise.resolve();
  }

  static create(): Config {
    return new Config('h', 1);
  }
}

export interface Deployment {
  config: Config;
  replicas: number;
}
