import { spawn } from 'node:child_process';

/** Runs a command with `input` on stdin and resolves with its stdout; rejects with its stderr on failure. */
export function runCommand(command: string, args: readonly string[], input: string | Buffer = ''): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(stdout));
      else reject(new Error(`${command} exited with ${code}: ${Buffer.concat(stderr).toString().trim()}`));
    });
    child.stdin.on('error', () => {}); // a command that exits early surfaces through 'close' instead
    child.stdin.end(input);
  });
}
