import type { BlockOf, Operator, SiteConfig } from 'pa-site';
import { OddsTool } from './OddsTool.js';
import { OfferTool } from './OfferTool.js';
import { SelfCheck } from './SelfCheck.js';
import { TaxTool } from './TaxTool.js';

/** A `tool` block: the tool it names, each with its own script (loaded by the page that places it). */
export function Tool(props: { block: BlockOf<'tool'>; site: SiteConfig; operators: Operator[]; year?: number }) {
  switch (props.block.tool) {
    case 'odds':
      return <OddsTool block={props.block} site={props.site} />;
    case 'offer-value':
      return <OfferTool block={props.block} site={props.site} operators={props.operators} />;
    case 'tax':
      return <TaxTool block={props.block} site={props.site} year={props.year} />;
    case 'self-check':
      return <SelfCheck block={props.block} site={props.site} />;
  }
}
