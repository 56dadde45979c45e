import { usePairing } from './device-pairing.ts'
import type { Translate } from './i18n.tsx'

/** The classes of a device page's own look (the TV's and the tablet's differ). */
export type PairingClasses = { page: string; hint: string; code: string; qr: string; hidden: string }

/**
 * The pairing screen of a device page (the signage player, the board tablet): what to do, the
 * code big and the QR code of the back-office's pairing page; while the pairing starts, or the
 * server cannot be reached, it says so. The texts are `<prefix>.title`, `.hint`, `.codeLabel`,
 * `.qr`, `.unreachable` and `.starting` of the page's namespace.
 */
export function PairingScreen({
  kind,
  onPaired,
  t,
  prefix,
  classes,
  mainId,
  testId,
}: {
  kind: 'board' | 'signage'
  onPaired: (credential: string) => void
  t: Translate
  prefix: string
  classes: PairingClasses
  mainId?: string
  testId?: string
}) {
  const { pairing, failed } = usePairing(kind, onPaired)
  return (
    <main id={mainId} className={classes.page} data-testid={testId}>
      <h1>{t(`${prefix}.title`)}</h1>
      {pairing ? (
        <>
          <p className={classes.hint}>{t(`${prefix}.hint`)}</p>
          <p className={classes.code}>
            <span className={classes.hidden}>{t(`${prefix}.codeLabel`)}: </span>
            <span data-testid="pairing-code">{pairing.code}</span>
          </p>
          {pairing.qr && <img className={classes.qr} src={pairing.qr} alt={t(`${prefix}.qr`)} />}
        </>
      ) : (
        <p className={classes.hint}>{failed ? t(`${prefix}.unreachable`) : t(`${prefix}.starting`)}</p>
      )}
    </main>
  )
}
