/** Default copy of RecordsTable. */
export const recordsTableStrings = {
  caption: '积分明细',
  empty: '暂无积分记录',
  loading: '积分记录加载中',
  columns: {
    time: '时间',
    kind: '类型',
    title: '明细',
    amount: '积分变动',
    balanceAfter: '余额',
  },
  kinds: {
    topup: '充值',
    spend: '消费',
    refund: '退款',
    grant: '赠送',
  },
  /** Shown in place of a time the server sent in a form that cannot be read. */
  unknownTime: '—',
} as const
