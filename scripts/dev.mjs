// Development: the API server on :8080 and Vite's dev server on :5173 (proxying /api), together.
import { spawn } from 'node:child_process'

const children = [
  spawn('npm', ['run', 'start', '-w', 'server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'app'], { stdio: 'inherit' }),
]
function stop() {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', stop)
