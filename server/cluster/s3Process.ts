/**
 * s3rver as a process of its own for the cluster test (`node --import tsx s3Process.ts <folder>
 * <port>`). The test kills servers in the middle of uploads; s3rver 3.7 answers a PUT cut short
 * with an exception nothing catches (it opens the temporary file it has just removed), which
 * would end a plain `s3rver` process and with it every later file read. Here it is logged and
 * the server goes on, as a real object store does.
 */
import S3rver from 's3rver'

const [directory, port] = process.argv.slice(2)
if (directory === undefined || port === undefined) {
  console.error('usage: s3Process.ts <folder> <port>')
  process.exit(2)
}
process.on('uncaughtException', (error) => console.error('s3rver:', error.message))
process.on('unhandledRejection', (reason) => console.error('s3rver:', String(reason)))
const server = new S3rver({ address: '127.0.0.1', port: Number(port), silent: true, directory })
await server.run()
console.log('s3rver is listening')
