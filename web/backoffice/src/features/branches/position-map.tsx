/**
 * The branch's position: latitude and longitude as two number fields (always there, so the
 * position can be typed without the map), and a MapLibre map with a draggable pin that sets
 * them. MapLibre is loaded only when this editor shows (its own chunk). The map draws the shop's
 * configured style (`config.mapStyleUrl`, the storefront's) when there is one, else a plain
 * offline background: the back-office's pages allow no third-party tile server, and no geocoding
 * service is used.
 */
import { Button } from '@shop/ui'
import type { Map as MapLibreMap, Marker, StyleSpecification } from 'maplibre-gl'
import { useEffect, useRef, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { apiGet } from '../../lib/api.ts'
import { NumberInput, useFormContext } from '../../lib/forms.tsx'
import { useT } from '../../lib/i18n.tsx'
import type { BranchForm } from './branch-form.ts'

/** No tiles: a background and nothing else (works offline and under the back-office's CSP). */
export const OFFLINE_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e9e5dc' } }],
}

/** The centre when the branch has no position yet: Zürich. */
const FALLBACK: [number, number] = [8.5417, 47.3769]

const round = (value: number) => Math.round(value * 1e6) / 1e6

export function PositionFields() {
  const t = useT('bo-branches')
  const form = useFormContext<BranchForm>()
  const [latitude, longitude] = useWatch({ control: form.control, name: ['latitude', 'longitude'] })
  const [showMap, setShowMap] = useState(false)
  const set = (lat: number, lng: number) => {
    form.setValue('latitude', round(lat), { shouldDirty: true })
    form.setValue('longitude', round(lng), { shouldDirty: true })
    form.clearErrors(['latitude', 'longitude'])
  }
  return (
    <>
      <NumberInput name="latitude" label={t('field.latitude')} hint={t('position.latitudeHint')} />
      <NumberInput name="longitude" label={t('field.longitude')} hint={t('position.longitudeHint')} />
      <div className="bo-wide">
        <Button small variant="secondary" aria-expanded={showMap} onClick={() => setShowMap((v) => !v)}>
          {showMap ? t('position.hideMap') : t('position.showMap')}
        </Button>
        {showMap ? (
          <PinMap
            latitude={typeof latitude === 'number' && !Number.isNaN(latitude) ? latitude : null}
            longitude={typeof longitude === 'number' && !Number.isNaN(longitude) ? longitude : null}
            onMove={set}
          />
        ) : null}
      </div>
    </>
  )
}

function PinMap({
  latitude,
  longitude,
  onMove,
}: {
  latitude: number | null
  longitude: number | null
  onMove: (lat: number, lng: number) => void
}) {
  const t = useT('bo-branches')
  const container = useRef<HTMLDivElement>(null)
  const map = useRef<MapLibreMap | null>(null)
  const marker = useRef<Marker | null>(null)
  const move = useRef(onMove)
  move.current = onMove
  const [failed, setFailed] = useState(false)
  const start = useRef<[number, number]>(
    latitude !== null && longitude !== null ? [longitude, latitude] : FALLBACK,
  )

  useEffect(() => {
    let cancelled = false
    void Promise.all([
      import('maplibre-gl'),
      import('maplibre-gl/dist/maplibre-gl.css'),
      apiGet<Record<string, unknown>>('/config').catch(() => ({}) as Record<string, unknown>),
    ])
      .then(([maplibre, , config]) => {
        if (cancelled || !container.current) return
        const styleUrl =
          typeof config.mapStyleUrl === 'string' && config.mapStyleUrl ? config.mapStyleUrl : null
        const instance = new maplibre.Map({
          container: container.current,
          style: styleUrl ?? OFFLINE_STYLE,
          center: start.current,
          zoom: styleUrl ? 15 : 3,
          attributionControl: false,
        })
        instance.addControl(new maplibre.NavigationControl({ showCompass: false }))
        const pin = new maplibre.Marker({ draggable: true, color: '#8a4513' })
          .setLngLat(start.current)
          .addTo(instance)
        pin.on('dragend', () => {
          const { lat, lng } = pin.getLngLat()
          move.current(lat, lng)
        })
        instance.on('click', (event) => {
          pin.setLngLat(event.lngLat)
          move.current(event.lngLat.lat, event.lngLat.lng)
        })
        map.current = instance
        marker.current = pin
      })
      .catch(() => setFailed(true))
    return () => {
      cancelled = true
      map.current?.remove()
      map.current = null
      marker.current = null
    }
  }, [])

  // Typed coordinates move the pin.
  useEffect(() => {
    if (latitude === null || longitude === null) return
    if (latitude < -90 || latitude > 90 || longitude < -180 || longitude > 180) return
    marker.current?.setLngLat([longitude, latitude])
  }, [latitude, longitude])

  if (failed) return <p className="bo-muted">{t('position.mapFailed')}</p>
  return (
    <>
      <p className="bo-muted">{t('position.mapHint')}</p>
      <div ref={container} className="bo-map" data-testid="branch-map" />
    </>
  )
}
