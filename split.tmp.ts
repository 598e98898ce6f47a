import { loadInputs } from './scripts/bench/inputs';
import { splitDefinitions, resplitDefinitions } from './src/core/language/definitionSplitter';
import { DocumentStore } from './src/core/language/documentStore';
const { hugeDocument } = loadInputs();
const t = hugeDocument;
console.log(t.length, t.split('\n').length);
const times: number[] = [];
for (let i = 0; i < 50; i++) { const s = performance.now(); splitDefinitions(t); times.push(performance.now() - s); }
times.sort((a, b) => a - b); console.log('full split p50', times[25].toFixed(3), 'p95', times[47].toFixed(3));
const prev = splitDefinitions(t);
const mid = Math.floor(t.length / 2);
const t2 = t.slice(0, mid) + 'x' + t.slice(mid);
const rt: number[] = [];
for (let i = 0; i < 50; i++) { const s = performance.now(); resplitDefinitions(t2, { text: t, ...prev }); rt.push(performance.now() - s); }
rt.sort((a, b) => a - b); console.log('resplit p50', rt[25].toFixed(3), 'p95', rt[47].toFixed(3));
// model building with store
const store = new DocumentStore();
store.get({ uri: 'a', version: 0, text: t }).chunks;
const mt: number[] = [];
let text = t;
for (let i = 0; i < 50; i++) { text = text.slice(0, mid + i) + 'y' + text.slice(mid + i); const s = performance.now(); const m = store.get({ uri: 'a', version: i + 1, text }); m.chunkAt(mid + i, true); mt.push(performance.now() - s); }
mt.sort((a, b) => a - b); console.log('store.get+chunkAt p50', mt[25].toFixed(3), 'p95', mt[47].toFixed(3));
