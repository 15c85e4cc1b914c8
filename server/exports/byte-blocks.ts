/** Large enough that a block holds hundreds of ZIP records, and a good size of chunk to send. */
const BLOCK_BYTES = 64 * 1024;

/**
 * Bytes appended into blocks of 64 KB: however many small records are written (a ZIP header is 30 bytes
 * and a name), they cost a few objects, where a buffer each would leave a trail of short-lived objects
 * for the garbage collector.
 */
export class ByteBlocks {
  private filled: Buffer[] = [];
  private block = Buffer.allocUnsafe(BLOCK_BYTES);
  private used = 0;
  /** Bytes appended in all, drained or not. */
  length = 0;

  /** Room for `size` bytes at the end, in one piece: the block, and where in it to write them. */
  reserve(size: number): { block: Buffer; at: number } {
    if (this.used + size > this.block.length) this.startBlock(size);
    const at = this.used;
    this.used += size;
    this.length += size;
    return { block: this.block, at };
  }

  append(bytes: Uint8Array): void {
    for (let from = 0; from < bytes.length;) {
      if (this.used === this.block.length) this.startBlock(0);
      const count = Math.min(bytes.length - from, this.block.length - this.used);
      this.block.set(bytes.subarray(from, from + count), this.used);
      this.used += count;
      from += count;
    }
    this.length += bytes.length;
  }

  /** The bytes appended since the last drain, handed over: appending goes on in new blocks. */
  drain(): Buffer[] {
    if (this.used > 0) this.startBlock(0);
    const blocks = this.filled;
    this.filled = [];
    return blocks;
  }

  private startBlock(size: number): void {
    if (this.used > 0) this.filled.push(this.block.subarray(0, this.used));
    this.block = Buffer.allocUnsafe(Math.max(BLOCK_BYTES, size));
    this.used = 0;
  }
}
