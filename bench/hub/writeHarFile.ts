/**
 * Writes the HAR section's file in a process of its own (`writeHarFile.ts PATH BYTES`, prints the entry count and
 * size as JSON): made in the benchmark's process, its garbage would sit in the resident memory the section measures.
 */
import { writeHar } from './har';

const [path, bytes] = process.argv.slice(2);
if (!path || !bytes) throw new Error('usage: writeHarFile.ts PATH BYTES');
console.log(JSON.stringify(await writeHar(path, Number(bytes))));
