// Worker entry when the API runs from its TypeScript sources (tsx, vitest): on Node 20 a worker does not
// inherit the parent's --import loaders, so register tsx here, then load the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./trabalhador.ts');
