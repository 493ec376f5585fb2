import { Message } from './sdk';
import * as API from './sdk';

export interface Conversation {
  first: Message;
  block: Message.Block;
  viaNamespaceImport: API.Message.Block;
  usage: API.Messages.Usage;
}
