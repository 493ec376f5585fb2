export interface Message {
  role: 'user' | 'assistant';
  content: Array<Message.Block>;
}

export namespace Message {
  export interface Block {
    type: 'text';
    text: string;
  }
}

export interface Usage {
  input_tokens: number;
}

export declare namespace Messages {
  export { type Message as Message, type Usage as Usage };
}
