/** The texts of the public verification page (its own small bundle, so its own catalogue). */
export const VERIFY_TEXT = {
  brand: 'GY音乐',
  home: '返回首页',
  title: '公开核验',
  lead: '选择一个作品文件，核对它是否已在 GY音乐 存证。文件只在你的设备上计算 SHA-256 指纹，不会上传。',
  forCertificate: (certificateNo: string) =>
    `正在核验证书 ${certificateNo}：请选择这份证书对应的作品文件。`,
  choose: '点击选择或拖入作品文件',
  chooseHint: '任何格式都可以，文件不会离开你的设备',
  hashing: '正在计算文件指纹…',
  asking: '正在查询存证日志并核对证明…',
  fingerprint: '文件指纹（SHA-256）',
  validTitle: '已存证，证明有效',
  validSentence: (date: string, owner: string, certificateNo: string) =>
    `已存证：${date} 由 ${owner} 存证，证书编号 ${certificateNo}，证明有效。`,
  validDetail: '包含证明与平台签名的检查点一致：这条记录确实在公开的存证日志里。',
  otherCertificate: (certificateNo: string) =>
    `注意：这个文件对应的证书编号是 ${certificateNo}，与链接里的证书编号不同。`,
  notFoundTitle: '未找到存证记录',
  notFound: '未找到该文件的存证记录。文件哪怕只改动一个字节，指纹也会完全不同。',
  invalidTitle: '证明无效',
  invalid: {
    signature: '证明无效（检查点的平台签名不正确）',
    proof: '证明无效（包含证明与检查点的根哈希不一致）',
  },
  failed: '核验失败，请检查网络后重试',
  workTitle: '作品名称',
  owner: '存证人',
  depositedAt: '存证时间',
  certificateNo: '证书编号',
  logIndex: '日志序号',
  treeSize: '检查点树大小',
  rootHash: '根哈希',
  publicKey: '平台公钥',
  another: '核验另一个文件',
} as const
