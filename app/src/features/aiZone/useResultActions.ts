import { ApiError, type AiJob, type AiJobResult, MESSAGES } from '@gy/api'
import { keepAiResult, shareAiResult } from '@gy/api/aiZone'
import { normalizeTrack } from '@gy/machines'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useMachines, useRuntime } from '../../providers/runtime'
import { AI_TEXT } from '../../strings.ai'
import { isSessionError } from './forms'
import { depositHref } from './keep'
import { shareHref } from './query'

/** A result's or share's audio, as the global player takes an AI item (id, name, cover, url). */
export interface PlayableAudio {
  id: string
  name: string
  cover: string
  url: string
  lyric?: string
  /** Seconds: a song still rendering tells the player only the part made so far. */
  duration?: number
}

/** What the global player is playing: the id of the track, while it plays. */
export function usePlayingId(): string | null {
  const { player } = useMachines()
  return useSelector(player, (snapshot) =>
    snapshot.context.isPlay ? snapshot.context.playMusicId : null,
  )
}

/** Plays (or, if it is the one playing, pauses) an AI item through the app's one player. */
export function usePlayAudio(): (audio: PlayableAudio) => void {
  const { player } = useMachines()
  return (audio) => player.send({ type: 'player.load', track: normalizeTrack(audio) })
}

/** The address anyone can open to hear a share, on this site. */
export function shareUrl(shareId: string): string {
  return new URL(shareHref(shareId), window.location.origin).toString()
}

/** Copies a text with the spec's messages: 复制成功, or 复制失败!请手动复制. */
export async function copyText(
  text: string,
  show: (kind: 'success' | 'error', message: string) => void,
): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    show('success', MESSAGES.copySucceeded)
    return true
  } catch {
    show('error', MESSAGES.copyFailed)
    return false
  }
}

/**
 * Play, share and deposit for the results of jobs. Sharing makes the link (musicfy/share), copies
 * it and keeps it to show beside the result, so the user can copy it by hand if the clipboard
 * refused. A result shared before is copied again from its share id without another call.
 * Depositing (存证) files the result as the user's own audio (musicfy/keepResult) and opens the
 * deposit page with it chosen; a refusal is kept to show under the result.
 */
export function useResultActions(onShared?: (job: AiJob) => void) {
  const { api, toasts } = useRuntime()
  const playingId = usePlayingId()
  const playAudio = usePlayAudio()
  const [sharingId, setSharingId] = useState<string | null>(null)
  const [links, setLinks] = useState<ReadonlyMap<string, string>>(new Map())
  const [keepingId, setKeepingId] = useState<string | null>(null)
  const [keepErrors, setKeepErrors] = useState<ReadonlyMap<string, string>>(new Map())
  const navigate = useNavigate()
  const show = (kind: 'success' | 'error', message: string) => toasts.show(kind, message)

  function play(result: AiJobResult): void {
    playAudio({
      id: result.id,
      name: result.name,
      cover: result.cover,
      url: result.url,
      duration: result.duration,
      ...(result.lyric === '' ? {} : { lyric: result.lyric }),
    })
  }

  async function share(job: AiJob, result: AiJobResult): Promise<void> {
    const known =
      links.get(result.id) ?? (result.shareId === null ? null : shareUrl(result.shareId))
    if (known !== null) {
      setLinks((current) => new Map(current).set(result.id, known))
      await copyText(known, show)
      return
    }
    setSharingId(result.id)
    try {
      const created = await shareAiResult(api, job.jobId, result.id)
      // The server's link may be relative to the site (no public address configured): the
      // clipboard needs one anyone can open.
      const url =
        created.url === ''
          ? shareUrl(created.shareId)
          : new URL(created.url, window.location.origin).toString()
      setLinks((current) => new Map(current).set(result.id, url))
      onShared?.({
        ...job,
        results: job.results.map((item) =>
          item.id === result.id ? { ...item, shareId: created.shareId } : item,
        ),
      })
      await copyText(url, show)
    } catch (error) {
      if (!isSessionError(error) && error instanceof Error) toasts.show('error', error.message)
    } finally {
      setSharingId(null)
    }
  }

  async function keep(job: AiJob, result: AiJobResult): Promise<void> {
    if (keepingId !== null) return
    setKeepingId(result.id)
    setKeepErrors((current) => {
      const next = new Map(current)
      next.delete(result.id)
      return next
    })
    try {
      await keepAiResult(api, job.jobId, result.id)
      await navigate(depositHref(job.jobId, result.id))
    } catch (error) {
      // A lost session has its own dialog; anything else is said under the result.
      if (isSessionError(error)) return
      const message =
        error instanceof ApiError ? AI_TEXT.job.keepRefused(error.message) : AI_TEXT.job.keepFailed
      setKeepErrors((current) => new Map(current).set(result.id, message))
    } finally {
      setKeepingId(null)
    }
  }

  return { play, share, keep, playingId, sharingId, keepingId, keepErrors, links }
}
