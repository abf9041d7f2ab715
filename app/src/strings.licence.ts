/**
 * Texts of licences (授权) and the musician's earnings (issue 13): the licence panel of a work,
 * 已购授权 and 收益明细. A module of the catalogue apart from strings.ts, as the zone's is, so
 * the first page load does not carry them.
 */
export const LICENCE_TEXT = {
  zoneEarnings: '收益明细',

  panelTitle: '购买授权',
  panelSubtitle: '选择授权类型，支付后即可下载授权证书和原始音频',
  pickerLabel: '授权类型',
  owned: '已购买',
  termsTitle: '授权条款',
  buy: (price: string) => `立即购买 ${price}`,
  loginToBuy: '登录后购买',
  ownedAll: '你已拥有这个授权，可以随时下载证书和音频',
  loadFailed: '授权信息加载失败',
  retry: '重试',
  methodLabel: '支付方式',
  methods: { redirect: '网页支付', qrCode: '微信扫码' },
  qrHint: '用微信扫码支付',
  waiting: '请在新打开的页面完成支付，支付成功后授权会自动生效。',
  closed: '订单已关闭，未产生扣款。如已支付，授权会自动生效。',
  paidTitle: '授权购买成功',
  paidHint: (title: string, licence: string) =>
    `你已获得《${title}》的${licence}授权。证书和原始音频可以随时在已购授权中再次下载。`,
  downloadCertificate: '下载授权证书',
  downloadAudio: '下载音频',
  downloading: '正在准备下载…',
  downloadFailed: '下载失败，请稍后重试',
  viewMyLicences: '查看已购授权',
  backToOptions: '返回',

  myLicencesTitle: '已购授权',
  myLicencesSubtitle: '你购买的作品授权：授权证书和原始音频随时可以下载',
  myLicencesFailed: '已购授权加载失败',
  noLicences: '还没有购买过授权',
  noLicencesHint: '在版权音乐中挑选喜欢的作品，购买授权后可以下载证书和原始音频',
  browseMusic: '去逛逛',
  licenceNo: '授权编号',
  grantedAt: '授权时间',
  price: '授权费用',
  orderId: '订单号',
  showTerms: '查看授权条款',

  earningsTitle: '收益明细',
  earningsSubtitle: (percent: number) =>
    `每笔授权销售由平台收取 ${percent}% 佣金（按分向下取整），其余全部归你`,
  earningsFailed: '收益明细加载失败',
  noEarnings: '还没有授权收益',
  noEarningsHint: '作品上架后，每当有人购买授权，这里都会记下一笔收益',
  goListing: '去上架作品',
  totalsLabel: '收益合计',
  totals: { sales: '销售笔数', gross: '销售总额', commission: '平台佣金', net: '到手收益' },
  columns: {
    time: '时间',
    work: '作品',
    licence: '授权类型',
    gross: '销售金额',
    commission: '平台佣金',
    net: '到手收益',
  },
  tableLabel: '每笔授权销售',
} as const
