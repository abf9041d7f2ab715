import { describe, expect, it } from 'vitest'
import {
  applyFilter,
  digitsOnly,
  inputFilters,
  mainlandPhoneInput,
  moneyInput,
  signedMoneyInput,
  stripSymbols,
  twoDecimals,
} from './filters'

describe('stripSymbols', () => {
  it('removes symbols, Chinese characters and spaces', () => {
    expect(stripSymbols('ab c-1_2!@#￥%……&*（）音乐 ３')).toBe('abc123')
  })

  it('removes emoji and Chinese punctuation', () => {
    expect(stripSymbols('GY🎵音乐，你好。x')).toBe('GYx')
  })
})

describe('digitsOnly', () => {
  it('keeps ASCII digits and folds full-width ones', () => {
    expect(digitsOnly('１３８ 0013-8000a')).toBe('13800138000')
  })

  it('rejects other numerals and decimal points', () => {
    expect(digitsOnly('①2.5e3')).toBe('253')
  })
})

describe('mainlandPhoneInput', () => {
  it('drops a pasted country code so the 11 digits survive', () => {
    expect(mainlandPhoneInput('+86 138 0013 8000')).toBe('13800138000')
    expect(mainlandPhoneInput('0086-13800138000')).toBe('13800138000')
    expect(mainlandPhoneInput('＋８６１３８００１３８０００')).toBe('13800138000')
  })

  it('leaves a number without a country code alone', () => {
    expect(mainlandPhoneInput('138-0013-8000')).toBe('13800138000')
    expect(mainlandPhoneInput('86')).toBe('86')
  })
})

describe('moneyInput', () => {
  it('keeps only the first decimal point', () => {
    expect(moneyInput('12.3.4')).toBe('12.34')
  })

  it('turns a leading point into 0. and drops leading zeros', () => {
    expect(moneyInput('.5')).toBe('0.5')
    expect(moneyInput('007')).toBe('7')
    expect(moneyInput('00.5')).toBe('0.5')
    expect(moneyInput('0')).toBe('0')
  })

  it('drops minus signs, letters and spaces', () => {
    expect(moneyInput('-1a 2')).toBe('12')
  })
})

describe('signedMoneyInput', () => {
  it('allows one leading minus', () => {
    expect(signedMoneyInput('-12.5')).toBe('-12.5')
    expect(signedMoneyInput('--12')).toBe('-12')
    expect(signedMoneyInput('-')).toBe('-')
  })

  it('drops a minus that is not first', () => {
    expect(signedMoneyInput('12-3')).toBe('123')
  })
})

describe('twoDecimals', () => {
  it('truncates, never rounds, to two decimals', () => {
    expect(twoDecimals('12.349')).toBe('12.34')
    expect(twoDecimals('0.999')).toBe('0.99')
    expect(twoDecimals('12.')).toBe('12.')
  })
})

describe('every filter', () => {
  const samples = [
    '',
    'abc',
    '１２.３4.5',
    ' -0.0012 ',
    '+86 138 0013 8000',
    '价格：¥12.50元',
    '🎵-',
  ]

  it.each(Object.entries(inputFilters))('%s is idempotent', (_name, filter) => {
    for (const sample of samples) {
      const once = filter(sample)
      expect(filter(once)).toBe(once)
    }
  })
})

describe('applyFilter', () => {
  it('keeps the caret after the same character when earlier junk is removed', () => {
    // The user typed "a" between "12" and "3": the caret sat after "a" (index 3).
    expect(applyFilter(digitsOnly, '12a3', 3)).toEqual({ value: '123', caret: 2 })
  })

  it('keeps the caret in the middle when a valid digit is inserted there', () => {
    expect(applyFilter(digitsOnly, '1293', 3)).toEqual({ value: '1293', caret: 3 })
  })

  it('places the caret at the end of a pasted value', () => {
    const pasted = '+86 138 0013 8000'
    expect(applyFilter(mainlandPhoneInput, pasted, pasted.length)).toEqual({
      value: '13800138000',
      caret: 11,
    })
  })

  it('never puts the caret past the end', () => {
    expect(applyFilter(twoDecimals, '1.2345', 6)).toEqual({ value: '1.23', caret: 4 })
  })

  it('passes a missing caret through', () => {
    expect(applyFilter(digitsOnly, 'a1', null)).toEqual({ value: '1', caret: null })
  })
})
