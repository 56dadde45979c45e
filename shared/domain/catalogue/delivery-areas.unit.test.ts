import { describe, expect, it } from 'vitest'
import { selectedDeliveryArea } from './cart.ts'
import { anArea } from './catalogue.test-support.ts'
import {
  deliveryAreaForZipCode,
  deliveryAreaKey,
  deliveryAreaServes,
  deliveryTermsOf,
  findDeliveryArea,
  normaliseZipCode,
} from './delivery-areas.ts'
import { DEFAULT_MAXIMUM_ORDER_VALUE, deliveryFee, maximumOrderStatus } from './pricing.ts'

const zentrum = anArea({ id: 'a-zentrum', area: 'Zentrum', price: 500, zipCodes: ['8001', '8002'] })
const land = anArea({ id: 'a-land', area: 'Land', price: 900, zipCodes: ['84*', 'FL-9490'] })
const alt = anArea({ area: 'Überall', price: 1500 })
const areas = [zentrum, land, alt]

describe('delivery areas are references, not names (issue 14, item 13)', () => {
  it('finds an area by its id, else by its name in any case', () => {
    expect(findDeliveryArea(areas, 'a-land')).toBe(land)
    expect(findDeliveryArea(areas, 'ZENTRUM')).toBe(zentrum)
    expect(findDeliveryArea(areas, ' überall ')).toBe(alt)
    expect(findDeliveryArea(areas, 'Mond')).toBeNull()
    expect(findDeliveryArea(areas, '')).toBeNull()
    expect(findDeliveryArea(areas, null)).toBeNull()
  })

  it('a renamed area stays chosen in the cart (its id is stored, not its name)', () => {
    const renamed = [{ ...zentrum, area: 'ZENTRUM' }, land]
    expect(deliveryAreaKey(zentrum)).toBe('a-zentrum')
    expect(deliveryAreaKey(alt)).toBe('Überall')
    expect(selectedDeliveryArea(renamed, deliveryAreaKey(zentrum))?.area).toBe('ZENTRUM')
    // An old cart that stored the name still finds it, in any case.
    expect(selectedDeliveryArea(renamed, 'Zentrum')?.id).toBe('a-zentrum')
  })

  it('an order keeps the area’s id and fee terms at order time', () => {
    expect(deliveryTermsOf(zentrum)).toEqual({
      id: 'a-zentrum',
      area: 'Zentrum',
      price: 500,
      tax: 8.1,
      free: false,
      freeFromOrderValue: 5000,
      minimumOrderValue: 2000,
    })
    expect(deliveryTermsOf(alt).id).toBeNull()
    expect(deliveryFee(deliveryTermsOf(zentrum), 1000, 'delivery')).toBe(500)
  })
})

describe('delivery areas serve their postcodes (issue 14, item 11)', () => {
  it('an area lists postcodes or prefixes; without a list it serves any', () => {
    expect(deliveryAreaServes(zentrum, '8001')).toBe(true)
    expect(deliveryAreaServes(zentrum, ' 80 02 ')).toBe(true)
    expect(deliveryAreaServes(zentrum, '8400')).toBe(false)
    expect(deliveryAreaServes(zentrum, null)).toBe(false)
    expect(deliveryAreaServes(land, '8400')).toBe(true)
    expect(deliveryAreaServes(land, 'fl-9490')).toBe(true)
    expect(deliveryAreaServes(land, '8001')).toBe(false)
    expect(deliveryAreaServes(alt, '1000')).toBe(true)
    expect(deliveryAreaServes(alt, null)).toBe(true)
    expect(deliveryAreaServes(anArea({ zipCodes: [] }), '1000')).toBe(true)
    expect(normaliseZipCode(' fl 9490 ')).toBe('FL9490')
  })

  it('preselects the area of a postcode: the chosen one while it serves it, else one listing it', () => {
    expect(deliveryAreaForZipCode(areas, zentrum, '8002')).toBe(zentrum)
    expect(deliveryAreaForZipCode(areas, zentrum, '8450')).toBe(land)
    expect(deliveryAreaForZipCode(areas, land, '3000')).toBe(alt)
    expect(deliveryAreaForZipCode([zentrum, land], zentrum, '3000')).toBe(zentrum)
    expect(deliveryAreaForZipCode(areas, zentrum, '')).toBe(zentrum)
    expect(deliveryAreaForZipCode(areas, null, null)).toBeNull()
  })
})

describe('order-total cap (issue 14, item 4)', () => {
  it('is exceeded only above the cap; without one the default applies', () => {
    expect(maximumOrderStatus(50_000, 50_000)).toEqual({ exceeded: false, maximum: 50_000, excess: 0 })
    expect(maximumOrderStatus(50_001, 50_000)).toEqual({ exceeded: true, maximum: 50_000, excess: 1 })
    expect(maximumOrderStatus(690_000_000_000, null)).toMatchObject({
      exceeded: true,
      maximum: DEFAULT_MAXIMUM_ORDER_VALUE,
    })
    expect(DEFAULT_MAXIMUM_ORDER_VALUE).toBe(1_000_000)
    expect(maximumOrderStatus(1_000_000, 0).exceeded).toBe(false)
  })
})
