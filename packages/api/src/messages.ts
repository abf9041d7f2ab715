/**
 * Every message that crosses the wire or comes from the error catalogue (SPEC.md sections 5 and 8),
 * word for word. The server answers with these; the client shows them.
 */
export const MESSAGES = {
  // Success messages.
  smsSent: '短信验证码发送成功',
  loginSucceeded: '登录成功',
  copySucceeded: '复制成功',
  ok: '操作成功',

  // The catalogue of section 8.
  sessionExpired: '登录状态已过期，请重新登录',
  loggedInElsewhere: '当前账号已在其它地方登录！',
  missingLogin: '缺少用户登录信息，请登录！',
  timeout: '请求超时，请稍后再试',
  serverError: '服务器异常，请稍后重试',
  loginFailed: '请求失败！请重新登录',
  copyFailed: '复制失败!请手动复制',

  // Validation of section 5.
  phoneRequired: '请输入手机号码',
  smsCodeRequired: '验证码不能为空',

  // The server's own answers, written for this product.
  phoneInvalid: '手机号码格式不正确',
  smsCodeInvalid: '验证码应为6位数字',
  smsCodeWrong: '验证码错误',
  smsCodeExpired: '验证码已失效，请重新获取',
  smsTooFrequent: '验证码发送过于频繁，请60秒后再试',
  smsDailyLimit: '今日验证码发送次数已达上限，请明天再试',
  loginTooFrequent: '登录尝试过于频繁，请稍后再试',
  requestsTooFrequent: '请求过于频繁，请稍后再试',
  platformInvalid: '平台参数不正确',
  smsTypeInvalid: '验证码类型不正确',
  nicknameInvalid: '昵称需为1到20个字符，且不能包含特殊符号',
  avatarInvalid: '头像地址不正确',
  nothingToUpdate: '没有需要修改的内容',
  signatureMissing: '缺少签名信息',
  signatureInvalid: '签名校验失败',
  timestampInvalid: '请求时间戳无效或已过期，请校准设备时间',
  nonceInvalid: '请求随机串格式不正确',
  nonceReplayed: '重复的请求，请勿重放',
  bodyInvalid: '请求内容格式不正确',
  bodyTooLarge: '请求内容过大',
  notFound: '请求的资源不存在',
  forbidden: '没有权限执行此操作',
  networkError: '网络连接失败，请检查网络后重试',

  // Works, stored files and streaming.
  workIdInvalid: '作品编号不正确',
  workNotFound: '作品不存在',
  worksPageInvalid: '页码需为1到10000之间的整数',
  worksPageSizeInvalid: '每页条数需为1到50之间的整数',
  fileLinkExpired: '文件链接已过期，请刷新页面后重试',
  fileLinkInvalid: '文件链接无效',
  fileRangeInvalid: '请求的文件范围无效',

  // Points (积分) and top-ups.
  pointsInsufficient: '积分不足',
  pointsAmountInvalid: '积分数量不正确',
  pointsJobInvalid: '任务编号不正确',
  pointsJobConflict: '该任务已按其他数量扣除积分',
  pointsJobNotCharged: '该任务没有扣除积分的记录',
  pointsPageInvalid: '页码需为1到10000之间的整数',
  pointsPageSizeInvalid: '每页条数需为1到100之间的整数',
  pointsKindInvalid: '积分记录类型不正确',
  chargeChoiceRequired: '请选择充值套餐或输入充值金额',
  chargeCheckoutKindInvalid: '请选择有效的支付方式',
  chargePackageUnknown: '充值套餐不存在',
  chargeAmountInvalid: '充值金额需在1元到5000元之间，最多两位小数',
  chargeOrderIdInvalid: '订单号格式不正确',
  chargeOrderNotFound: '订单不存在',
  chargeOrderForbidden: '无权查看他人的订单',
  chargeTooManyOpenOrders: '待支付订单过多，请完成或等待订单过期后再试',

  // Uploads (obs/uploadFile).
  fileMissing: '请选择要上传的文件',
  filePurposeInvalid: '上传用途不正确',
  fileTypeAudio: '只支持 MP3、WAV、FLAC 格式的音频文件',
  fileTypeImage: '只支持 JPG、PNG、WebP 格式的图片',
  fileTooLargeAudio: '音频文件不能超过 100MB',
  fileTooLargeImage: '图片不能超过 5MB',
  imageTooManyPixels: '图片尺寸太大，请上传不超过 4000 万像素的图片',
  imageUnreadable: '图片无法读取，可能已损坏，请换一张图片上传',
  fileNameInvalid: '文件名不能包含路径或控制字符',
  fileUploadIncomplete: '文件上传不完整，请重新上传',
  fileIdInvalid: '文件编号不正确',
  fileNotFound: '文件不存在',
  fileForbidden: '无权使用他人上传的文件',
  fileNotAudio: '请选择音频文件',
  fileNotImage: '请选择图片文件',

  // Copyright deposits (存证) and the deposit log.
  depositTitleRequired: '请输入作品名称',
  depositTitleTooLong: '作品名称不能超过50个字',
  depositTitleInvalid: '作品名称不能包含特殊符号',
  depositLyricInvalid: '歌词不能超过20000个字',
  depositGenreInvalid: '风格不能超过20个字，且不能包含特殊符号',
  depositDuplicate: '这份音频已经存证过了，无需重复存证',
  depositIdInvalid: '存证编号不正确',
  depositNotFound: '存证记录不存在',
  depositForbidden: '无权查看他人的存证',
  sha256Invalid: '文件指纹格式不正确',
  treeSizeInvalid: '日志大小不正确',

  // Listings (挂牌).
  priceInvalid: '价格需在0.01元到100000元之间，最多两位小数',
  goodsIdInvalid: '商品编号不正确',
  goodsNotFound: '挂牌作品不存在',
  listingForbidden: '只能挂牌自己存证的作品',
  listingDuplicate: '该作品已经挂牌',
  listingAlreadyDelisted: '该作品已经下架',
  listingDelistedNoPrice: '作品已下架，重新上架时可以设置新价格',
  keywordInvalid: '搜索关键词不能超过50个字',
  categoryInvalid: '分类不正确',

  // Musician certification (认证).
  realNameInvalid: '请输入真实姓名（2到30个字）',
  idNumberInvalid: '身份证号码不正确，请检查后重新输入',
  portfolioLinkInvalid: '作品链接需为 http 或 https 开头的网址',
  portfolioTooMany: '作品链接最多5个',
  certificationPending: '认证申请审核中，请耐心等待',
  certificationApproved: '你已通过音乐人认证',
  reviewerOnly: '只有审核员可以执行此操作',
  applicationIdInvalid: '申请编号不正确',
  applicationNotFound: '认证申请不存在',
  applicationReviewed: '该申请已经审核过了',
  reviewDecisionInvalid: '请选择通过或驳回',
  reviewReasonRequired: '驳回时请填写原因',
  reviewReasonTooLong: '驳回原因不能超过200个字',

  // The store (store branch).
  sortInvalid: '排序方式不正确',
  // Account cancellation (注销账号, mobile branch).
  cancellationPhraseWrong: '请输入“确认注销”四个字以确认注销',
  cancellationOpenOrder: '你有尚未完成的充值订单，请支付或等待订单关闭后再注销',
  accountCancelled: '账号已注销',
} as const

export type MessageKey = keyof typeof MESSAGES
