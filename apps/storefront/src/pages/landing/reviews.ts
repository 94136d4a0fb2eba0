/** The landing page's twelve customer reviews (static copy). */
export interface Review {
  name: string;
  color: string;
  text: string;
  when: string;
}

export const REVIEWS: readonly Review[] = [
  { name: 'Michael R.', color: '#1d4ed8', when: '2 weeks ago', text: 'Sold my X5 in under a month without a single tire-kicker calling me. My associate handled every buyer and kept me posted the whole way.' },
  { name: 'Sarah L.', color: '#b91c1c', when: '3 weeks ago', text: 'Listing was free and the photos tips made a real difference. The team negotiated a better price than the dealer trade-in offer.' },
  { name: 'David K.', color: '#047857', when: '1 month ago', text: 'Bought a Lexus from another state. Financing was approved the same afternoon and they arranged delivery to my driveway.' },
  { name: 'Jennifer M.', color: '#7c3aed', when: '1 month ago', text: 'I was nervous about selling privately. Having one person handle the calls and paperwork made it painless.' },
  { name: 'Carlos G.', color: '#c2410c', when: '1 month ago', text: 'Straight answers, no pressure. They told me what my Range Rover would realistically sell for and it sold within a few dollars of that.' },
  { name: 'Emily T.', color: '#0e7490', when: '2 months ago', text: 'The search filters made it easy to find exactly the Porsche I wanted. Quick replies by text every time I had a question.' },
  { name: 'Robert H.', color: '#be185d', when: '2 months ago', text: 'Second car I have sold with them. No viewings, no test drives with strangers, and the money went straight from buyer to me.' },
  { name: 'Amanda W.', color: '#4d7c0f', when: '2 months ago', text: 'Great communication from start to finish. My associate even helped me sort out the title transfer with my bank.' },
  { name: 'James P.', color: '#1e40af', when: '3 months ago', text: 'I had a Corvette that sat on other sites for months. Here it sold in five weeks to a qualified buyer.' },
  { name: 'Lisa N.', color: '#9d174d', when: '3 months ago', text: 'Friendly, professional and honest. The financing partner got me a better rate than my own bank.' },
  { name: 'Kevin S.', color: '#0f766e', when: '4 months ago', text: 'Listing took ten minutes. After that I just answered a couple of texts from my associate until the car was sold.' },
  { name: 'Rachel B.', color: '#6d28d9', when: '5 months ago', text: 'Found a low-mileage Mercedes at a fair price. The detail pages had everything I needed before I even called.' },
];
