/**
 * The musicians' zone views' default texts: part of the strings catalogue, in a module of its own
 * so that pages which do not show these views do not load them.
 */
export const musiciansZoneStrings = {
  chooseFile: '点击选择或拖入文件',
  uploading: '上传中',
  uploaded: '已上传',
  cancelUpload: '取消上传',
  replaceFile: '重新选择',
  proofTitle: '包含证明',
  proofHint: '从这条记录的叶子哈希出发，依次与这些哈希合并，就能算出检查点的根哈希。',
  proofEmpty: '日志里只有这一条记录：叶子哈希就是根哈希。',
  showAllHashes: '展开全部',
  showFewerHashes: '收起',
  certificateTitle: '作品存证证书',
  certificateNo: '证书编号',
  workTitle: '作品名称',
  owner: '存证人',
  depositedAt: '存证时间',
  fingerprint: 'SHA-256 指纹',
  logIndex: '日志序号',
  checkpoint: '检查点',
  treeSize: '树大小',
  rootHash: '根哈希',
} as const
