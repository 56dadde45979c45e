import { describe, expect, it } from 'vitest'
import { mapSettings, OSM_STYLE } from './map-settings.ts'

describe('map settings', () => {
  it("take the spec's defaults and OpenStreetMap without a configured style", () => {
    expect(mapSettings({}, { latitude: 47.5, longitude: 8.7 }, false)).toEqual({
      style: OSM_STYLE,
      center: [8.7, 47.5],
      zoom: 19,
      pitch: 55,
      bearing: -85,
      dark: false,
    })
  })

  it("take the shop's style and camera", () => {
    const settings = mapSettings(
      { mapStyleUrl: 'https://tiles.example.org/style.json', mapZoom: 16, mapPitch: 0, mapBearing: 10 },
      { latitude: 46.5, longitude: 6.6 },
      true,
    )
    expect(settings).toMatchObject({
      style: 'https://tiles.example.org/style.json',
      zoom: 16,
      pitch: 0,
      bearing: 10,
      dark: true,
    })
  })
})
