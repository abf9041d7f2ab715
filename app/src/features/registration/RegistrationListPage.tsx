import type { RegistrationRecord } from '@gy/api/registration'
import { listRegistrations, registrationApplicationPdf } from '@gy/api/registrationService'
import { Button, EmptyState, PageContainer, SectionHeader, Spinner } from '@gy/design-system'
import { registrationEventsAt } from '@gy/machines'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useRuntime } from '../../providers/runtime'
import { useApiData } from '../../providers/useApiData'
import { REGISTRATION_TEXT as TEXT } from '../../strings.registration'
import { RegistrationCard } from './RegistrationCard'
import * as styles from './registration.css'

/** /copyrightRegistrationList: every registration of the user, with what can be done next. */
export function RegistrationListPage() {
  const { api } = useRuntime()
  const navigate = useNavigate()
  const registrations = useApiData(
    'registrations',
    () => listRegistrations(api, { page: 1, pageSize: 50 }),
    TEXT.loadFailed,
  )
  return (
    <PageContainer>
      <div className={styles.page}>
        <SectionHeader
          title={TEXT.listTitle}
          subtitle={TEXT.listSubtitle}
          level={1}
          action={
            // A button, not a link: the header styles its links as quiet text links.
            <Button onClick={() => void navigate('/administrativeRegistration')}>
              {TEXT.newRegistration}
            </Button>
          }
        />
        {registrations.state === 'loading' ? (
          <Spinner size="lg" />
        ) : registrations.state === 'failed' ? (
          <EmptyState
            title={TEXT.loadFailed}
            hint={registrations.message}
            action={<Button onClick={registrations.retry}>{TEXT.retry}</Button>}
          />
        ) : registrations.data.total === 0 ? (
          <EmptyState
            title={TEXT.listEmpty}
            hint={TEXT.listEmptyHint}
            action={
              <Button asChild>
                <Link to="/administrativeRegistration">{TEXT.newRegistration}</Link>
              </Button>
            }
          />
        ) : (
          <ul className={styles.list}>
            {registrations.data.records.map((record) => (
              <RegistrationCard key={record.registrationId} record={record}>
                <RegistrationActions record={record} />
              </RegistrationCard>
            ))}
          </ul>
        )}
      </div>
    </PageContainer>
  )
}

function RegistrationActions({ record }: { record: RegistrationRecord }) {
  const { api, toasts } = useRuntime()
  const [opening, setOpening] = useState(false)
  // The buttons follow the status machine: only what the server would accept is offered.
  const events = registrationEventsAt(record.status)
  const editLink = `/administrativeRegistration?registrationId=${record.registrationId}`

  async function openApplication(): Promise<void> {
    setOpening(true)
    try {
      const link = await registrationApplicationPdf(api, record.registrationId)
      window.open(link.url, '_blank', 'noopener')
    } catch (caught) {
      if (caught instanceof Error) toasts.show('error', caught.message)
    } finally {
      setOpening(false)
    }
  }

  return (
    <>
      <Button variant="secondary" loading={opening} onClick={() => void openApplication()}>
        {TEXT.applicationPdf}
      </Button>
      {record.certificateUrl === null ? null : (
        <Button asChild>
          <a href={record.certificateUrl} target="_blank" rel="noreferrer noopener">
            {TEXT.certificatePdf}
          </a>
        </Button>
      )}
      {events.includes('registration.edit') ? (
        <Button asChild>
          <Link to={editLink}>{TEXT.editApplication}</Link>
        </Button>
      ) : null}
      {events.includes('payment.settled') ? (
        <Button asChild>
          <Link to={editLink}>{TEXT.payNow}</Link>
        </Button>
      ) : null}
    </>
  )
}
