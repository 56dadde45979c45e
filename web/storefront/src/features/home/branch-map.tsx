import { Button } from '@shop/ui'
import { useEffect, useRef, useState } from 'react'
import { setConsent, useConsent } from '../../lib/consent.ts'
import { useT } from '../../lib/i18n.tsx'
import { type Branch, useShop } from '../../lib/shop-data.tsx'
import { mapSettings } from './map-settings.ts'

/**
 * The optional map of the single-branch home page (spec §1, §9): only with the maps plugin and
 * the visitor's consent (its tiles come from a third party), MapLibre loaded on demand so the
 * page without it costs nothing. Without consent a placeholder offers to accept.
 */
export function BranchMap({ branch }: { branch: Branch }) {
  const t = useT('sf-home')
  const { config } = useShop()
  const consent = useConsent()
  if (config.enablePluginMaps !== true || typeof branch.latitude !== 'number') return null
  return (
    <section className="ui-container home-map" aria-label={t('map.label', { branch: branch.name })}>
      {consent === 'given' ? (
        <MapCanvas branch={branch} />
      ) : (
        <div className="home-map__placeholder">
          <p>{t('map.consent')}</p>
          <Button variant="secondary" onClick={() => setConsent(true)}>
            {t('map.accept')}
          </Button>
        </div>
      )}
    </section>
  )
}

function MapCanvas({ branch }: { branch: Branch }) {
  const t = useT('sf-home')
  const { config } = useShop()
  const container = useRef<HTMLDivElement>(null)
  const [failed, setFailed] = useState(false)
  const settings = mapSettings(config, branch)
  const key = JSON.stringify(settings)
  useEffect(() => {
    const { style, center, zoom, pitch, bearing, dark } = JSON.parse(key) as typeof settings
    let map: { remove(): void } | undefined
    let cancelled = false
    void Promise.all([import('maplibre-gl'), import('maplibre-gl/dist/maplibre-gl.css')])
      .then(([maplibre]) => {
        if (cancelled || !container.current) return
        const instance = new maplibre.Map({
          container: container.current,
          style,
          center,
          zoom,
          pitch,
          bearing,
          attributionControl: { compact: true },
          cooperativeGestures: true,
        })
        instance.addControl(new maplibre.NavigationControl({ visualizePitch: true }))
        new maplibre.Marker({ color: dark ? '#e59a5b' : '#8a4513' }).setLngLat(center).addTo(instance)
        map = instance
      })
      .catch(() => setFailed(true))
    return () => {
      cancelled = true
      map?.remove()
    }
  }, [key])
  if (failed) return <p className="home-map__failed">{t('map.failed')}</p>
  return <div ref={container} className="home-map__canvas" data-testid="branch-map" />
}
