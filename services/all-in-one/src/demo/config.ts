import type { DemoInput } from './demo-types.ts'

// The demo business: a family bakery, café and butcher's shop with three branches in
// Switzerland. Prices are in CHF cents; Swiss VAT: 2.6 % for food taken away or delivered,
// 8.1 % for food eaten in and for alcohol.

export const DEMO_CURRENCY = 'CHF'
export const DEMO_SHOP_NAME = 'Huber Beck & Metzg'
export const DEMO_BUSINESS_NAME = 'Huber Bäckerei-Konditorei-Metzgerei AG'
export const DEMO_WEBSITE = 'https://www.huber-beck.example'

export const TERMS_TEXT = `Allgemeine Geschäftsbedingungen für Online-Bestellungen

1. Geltungsbereich
Diese Geschäftsbedingungen gelten für alle Bestellungen, die über den Online-Shop der Huber Bäckerei-Konditorei-Metzgerei AG (nachfolgend «Huber») aufgegeben werden. Abweichende Bedingungen der Kundschaft gelten nur, wenn Huber ihnen schriftlich zugestimmt hat.

2. Vertragsschluss
Die Darstellung der Produkte im Online-Shop ist kein verbindliches Angebot. Mit dem Absenden der Bestellung gibt die Kundschaft ein verbindliches Angebot ab. Der Vertrag kommt zustande, sobald die Filiale die Bestellung bestätigt. Kann eine Bestellung nicht ausgeführt werden, wird die Kundschaft umgehend informiert; bereits bezahlte Beträge werden zurückerstattet.

3. Preise und Gewichtsartikel
Alle Preise verstehen sich in Schweizer Franken (CHF) inklusive der gesetzlichen Mehrwertsteuer. Bei Fleisch- und Wurstwaren, die nach Gewicht verkauft werden, ist der angezeigte Preis ein Richtpreis («ca.»). Verrechnet wird das tatsächliche Gewicht beim Abpacken; Abweichungen von bis zu 10 % sind möglich.

4. Abholung, Lieferung und Vorlaufzeiten
Torten werden mit einer Vorlaufzeit von mindestens zwei Tagen, Apéro- und Cateringplatten mit mindestens einem Tag und Hochzeitstorten mit mindestens zwei Wochen gefertigt. Lieferungen erfolgen nur in die im Bestellvorgang angebotenen Liefergebiete und innerhalb der Lieferzeiten der jeweiligen Filiale. Wird eine bestellte Ware nicht abgeholt, kann Huber den Kaufpreis dennoch in Rechnung stellen.

5. Stornierung
Bestellungen können bis 24 Stunden vor dem gewünschten Termin kostenlos storniert werden. Für individuell gefertigte Torten und Catering-Aufträge werden bei späterer Stornierung die bereits entstandenen Kosten verrechnet.

6. Anwendbares Recht und Gerichtsstand
Es gilt ausschliesslich Schweizer Recht. Gerichtsstand ist Zürich.`

export const PRIVACY_TEXT = `Datenschutzerklärung

Verantwortlich für die Bearbeitung Ihrer Personendaten ist die Huber Bäckerei-Konditorei-Metzgerei AG, Niederdorfstrasse 24, 8001 Zürich. Wir bearbeiten Personendaten im Einklang mit dem Schweizer Datenschutzgesetz (DSG).

Welche Daten wir bearbeiten
Für die Abwicklung Ihrer Bestellung benötigen wir Ihren Namen, Ihre Telefonnummer oder E-Mail-Adresse und – bei Lieferungen – Ihre Lieferadresse. Zahlungsdaten werden direkt von unseren Zahlungsdienstleistern verarbeitet; wir erhalten davon nur die Bestätigung der Zahlung.

Zweck und Aufbewahrung
Wir verwenden Ihre Daten ausschliesslich, um Ihre Bestellung auszuführen, Sie bei Rückfragen zu kontaktieren und unsere gesetzlichen Aufbewahrungspflichten zu erfüllen. Bestelldaten bewahren wir während zehn Jahren auf, soweit das Gesetz dies verlangt; danach werden sie gelöscht.

Cookies und Statistik
Technisch notwendige Cookies (Warenkorb, Anmeldung) setzen wir immer. Statistik-Auswertungen erfolgen nur mit Ihrer Einwilligung und ohne Weitergabe an Dritte zu Werbezwecken.

Ihre Rechte
Sie können jederzeit Auskunft über Ihre bei uns gespeicherten Daten verlangen, deren Berichtigung oder Löschung beantragen und eine erteilte Einwilligung widerrufen. Schreiben Sie uns dazu an datenschutz@huber-beck.example.`

export const IMPRINT_TEXT = `Impressum

Huber Bäckerei-Konditorei-Metzgerei AG
Niederdorfstrasse 24
8001 Zürich
Schweiz

Telefon: +41 44 251 18 98
E-Mail: info@huber-beck.example

Vertretungsberechtigte Personen: Martin Huber (Geschäftsführer), Claudia Huber-Rüegg (Leiterin Konditorei)
Handelsregister: Handelsregisteramt des Kantons Zürich
UID: CHE-123.456.789 MWST

Haftungsausschluss
Wir prüfen die Inhalte dieser Website sorgfältig, übernehmen aber keine Gewähr für ihre Richtigkeit, Vollständigkeit und Aktualität. Produktabbildungen und -beschreibungen können von der Ware im Laden abweichen.`

export const ALLERGENS_TEXT = `Allergene und Unverträglichkeiten

Nach der Schweizer Lebensmittelinformationsverordnung (LIV) weisen wir bei jedem Produkt die 14 Hauptallergene aus: glutenhaltiges Getreide, Krebstiere, Eier, Fische, Erdnüsse, Soja, Milch (inklusive Laktose), Schalenfrüchte (Nüsse), Sellerie, Senf, Sesam, Sulfite, Lupinen und Weichtiere.

In unserer Backstube und Metzgerei verarbeiten wir täglich Weizen, Roggen, Dinkel, Milch, Eier, Nüsse und Sesam. Trotz sorgfältiger Reinigung können wir Spuren dieser Zutaten in keinem Produkt ausschliessen. Unsere glutenfreien Brote backen wir in einem separaten Raum an einem eigenen Tag.

Haben Sie eine Allergie oder Unverträglichkeit? Unser Verkaufsteam gibt Ihnen gerne Auskunft über die Zutaten jedes Produkts; die vollständigen Rezepturen liegen in jeder Filiale zur Einsicht auf.`

export function demoConfig(): DemoInput<'config'> {
  return {
    shopName: DEMO_SHOP_NAME,
    businessName: DEMO_BUSINESS_NAME,
    title: 'Huber – Bäckerei, Café & Metzgerei seit 1898',
    description:
      'Frisches Brot aus dem Steinofen, Torten nach Wunsch, Fleisch und Wurst aus der eigenen Metzgerei und Apéroplatten für jeden Anlass – in Zürich, Winterthur und Lausanne. Online bestellen, abholen oder liefern lassen.',
    seoTitle: 'Huber Beck & Metzg – Brot, Torten und Fleisch online bestellen',
    seoDescription:
      'Familienbäckerei und Metzgerei mit Café in Zürich, Winterthur und Lausanne: Zopf, Gipfeli, Torten auf Bestellung, Fleisch nach Gewicht und Catering online bestellen.',
    website: DEMO_WEBSITE,
    termsAndConditions: null,
    termsAndConditionsText: TERMS_TEXT,
    privacyPolicy: null,
    privacyPolicyText: PRIVACY_TEXT,
    imprint: null,
    imprintText: IMPRINT_TEXT,
    allergens: null,
    allergensText: ALLERGENS_TEXT,
    currency: DEMO_CURRENCY,
    defaultDeliveryMethod: 'takeaway',
    defaultCountry: 'CH',
    enablePluginPWA: true,
    enablePluginToolbar: true,
    enablePluginMaps: false,
    enablePluginSMS: false,
    enablePluginDonations: true,
    enablePluginFrontdesk: true,
    enablePluginOrderReviews: true,
    disableTickets: false,
    enableCash: true,
    enableATMCard: true,
    enableVoucher: false,
    // Online payment in the demo: `npm start` serves it with the built-in test provider.
    enablePluginStripe: true,
    enableStripe: true,
    enablePluginMollie: false,
    enableMollie: false,
    isContactEmailRequired: false,
    isContactPhoneRequired: true,
  }
}
