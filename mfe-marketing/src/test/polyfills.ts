// jsdom lacks TextEncoder/TextDecoder, which React Router 7 reads when its module loads.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
