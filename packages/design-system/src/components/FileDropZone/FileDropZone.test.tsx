// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Stepper } from '../Stepper/Stepper'
import { FileDropZone } from './FileDropZone'

afterEach(cleanup)

function file(name: string): File {
  return new File([new Uint8Array([1, 2, 3])], name, { type: 'audio/wav' })
}

describe('FileDropZone', () => {
  it('reports a chosen file and a dropped one', () => {
    const onFileChosen = vi.fn()
    const { container } = render(<FileDropZone label="作品音频" onFileChosen={onFileChosen} />)
    const input = container.querySelector('input[type="file"]') as HTMLInputElement
    fireEvent.change(input, { target: { files: [file('a.wav')] } })
    expect(onFileChosen).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'a.wav' }))
    const zone = container.querySelector('label') as HTMLLabelElement
    fireEvent.drop(zone, { dataTransfer: { files: [file('b.wav')] } })
    expect(onFileChosen).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'b.wav' }))
  })

  it('shows the upload’s progress and ignores drops while it runs', () => {
    const onFileChosen = vi.fn()
    const { container } = render(
      <FileDropZone
        label="作品音频"
        state="uploading"
        progress={0.426}
        onFileChosen={onFileChosen}
      />,
    )
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('43')
    expect(screen.getByText('43%')).toBeTruthy()
    fireEvent.drop(container.querySelector('label') as HTMLLabelElement, {
      dataTransfer: { files: [file('c.wav')] },
    })
    expect(onFileChosen).not.toHaveBeenCalled()
  })

  it('says what was refused next to the field', () => {
    render(
      <FileDropZone label="封面" state="error" error="图片不能超过 5MB" onFileChosen={vi.fn()} />,
    )
    expect(screen.getByRole('alert').textContent).toBe('图片不能超过 5MB')
  })
})

describe('Stepper', () => {
  it('marks the current step for assistive technology', () => {
    render(<Stepper steps={['上传作品', '填写信息', '完成存证']} current={1} />)
    expect(screen.getByText('填写信息').getAttribute('aria-current')).toBe('step')
    expect(screen.getByText('上传作品').getAttribute('data-state')).toBe('done')
  })
})
