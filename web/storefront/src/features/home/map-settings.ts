import { DEFAULT_MAP_BEARING, DEFAULT_MAP_PITCH, DEFAULT_MAP_ZOOM } from '@shop/shared/contracts/http/map.ts'
import type { StyleSpecification } from 'maplibre-gl'

/** OpenStreetMap's raster tiles: the map's style when the shop configured none. */
export const OSM_STYLE: StyleSpecification = {
  version: 8,
  sources: {
    osm: {
      type: 'raster',
      tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
      tileSize: 256,
      maxzoom: 19,
      attribution: '© OpenStreetMap contributors',
    },
  },
  layers: [{ id: 'osm', type: 'raster', source: 'osm' }],
}

export type MapSettings = {
  style: string | StyleSpecification
  center: [number, number]
  zoom: number
  pitch: number
  bearing: number
  dark: boolean
}

/** Spec §9: zoom 19, pitch 55, bearing -85 unless the configuration says otherwise. */
export function mapSettings(
  config: Record<string, unknown>,
  branch: { latitude?: number | null; longitude?: number | null },
  dark = typeof document !== 'undefined' && document.documentElement.dataset.theme === 'dark',
): MapSettings {
  const num = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback)
  return {
    style: typeof config.mapStyleUrl === 'string' && config.mapStyleUrl ? config.mapStyleUrl : OSM_STYLE,
    center: [branch.longitude ?? 0, branch.latitude ?? 0],
    zoom: num(config.mapZoom, DEFAULT_MAP_ZOOM),
    pitch: num(config.mapPitch, DEFAULT_MAP_PITCH),
    bearing: num(config.mapBearing, DEFAULT_MAP_BEARING),
    dark,
  }
}
