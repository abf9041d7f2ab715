import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { fn } from 'storybook/test'
import { storyRenderLink } from '../../stories/storyLinks'
import { LoadingMask } from '../LoadingMask/LoadingMask'
import { LoginDialog } from './LoginDialog'

const meta = {
  title: 'Views/LoginDialog',
  // Checked in dark on the phone too (scripts/visual/modes.ts).
  tags: ['every-mode'],
  component: LoginDialog,
  parameters: { layout: 'fullscreen' },
  args: {
    open: true,
    onOpenChange: fn(),
    phone: '',
    onPhoneChange: fn(),
    smsCode: '',
    onSmsCodeChange: fn(),
    smsLabel: '获取验证码',
    smsDisabled: false,
    onSendSms: fn(),
    onSubmit: fn(),
    submitting: false,
    renderLink: storyRenderLink,
    userAgreementHref: '/gyServe',
    privacyPolicyHref: '/gyPrivacy',
  },
} satisfies Meta<typeof LoginDialog>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}

export const Filled: Story = { args: { phone: '13800138000', smsCode: '246810' } }

/** 登录 pressed with no phone: the spec's warning under the field, not in a toast. */
export const PhoneMissing: Story = { args: { phoneError: '请输入手机号码' } }

export const CodeMissing: Story = { args: { phone: '13800138000', smsCodeError: '验证码不能为空' } }

export const CountingDown: Story = {
  args: { phone: '13800138000', smsLabel: '重新发送(58)', smsDisabled: true },
}

export const Submitting: Story = {
  args: {
    phone: '13800138000',
    smsCode: '246810',
    smsLabel: '重新发送(41)',
    smsDisabled: true,
    submitting: true,
  },
}

/** What the user sees while logging in: the app shows the 登录中 mask above the dialog. */
export const SubmittingWithMask: Story = {
  args: Submitting.args,
  render: (args) => (
    <>
      <LoginDialog {...args} />
      <LoadingMask open text="登录中" />
    </>
  ),
}

/** Type into the fields: the phone keeps digits only (max 11), the code max 6. */
export const Interactive: Story = {
  render: function InteractiveLogin(args) {
    const [phone, setPhone] = useState('')
    const [smsCode, setSmsCode] = useState('')
    return (
      <LoginDialog
        {...args}
        phone={phone}
        onPhoneChange={setPhone}
        smsCode={smsCode}
        onSmsCodeChange={setSmsCode}
      />
    )
  },
}

/** The phone's presentation: the form alone in a bottom sheet. */
export const BottomSheetOnPhone: Story = {
  args: { presentation: 'sheet', phone: '13800138000' },
}
