/// The report's CSS: light and dark colours (`prefers-color-scheme`), a two-column layout of
/// chart and table on a wide page, and a print layout in black on white with whole tables.
enum ReportStyle {
    static let css = """
        :root{color-scheme:light dark;--bg:#fbfaf8;--fg:#1f1d1a;--muted:#5c5750;--line:#d9d4cc;--grid:#e8e4de;--panel:#ffffff;\
        --bar:#0072B2;--run:#7fb2db;--longest:#0b4f8a;--h0:#ebe8e3;--h1:#bcd7ec;--h2:#7fb2db;--h3:#3f83c2;--h4:#0b4f8a}
        @media (prefers-color-scheme: dark){:root{--bg:#161513;--fg:#ece8e1;--muted:#aaa397;--line:#3a3731;--grid:#2c2a26;--panel:#1e1c19;\
        --bar:#56B4E9;--run:#2f6f9f;--longest:#8cc8f5;--h0:#2a2824;--h1:#1d4a6e;--h2:#26689c;--h3:#3b8fd0;--h4:#8cc8f5}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
        main{max-width:1160px;margin:0 auto;padding:28px 24px 48px}
        h1{font-size:1.7rem;margin:0 0 4px}h2{font-size:1.2rem;margin:0 0 4px}
        .meta,.intro,figcaption,caption,.empty{color:var(--muted)}
        .meta{margin:0 0 8px}.intro{margin:0 0 14px;max-width:72ch}
        section{background:var(--panel);border:1px solid var(--line);border-radius:10px;padding:18px 20px;margin:18px 0}
        .pair{display:grid;grid-template-columns:minmax(0,1fr);gap:16px 28px;align-items:start;margin-top:14px}
        @media (min-width:900px){.pair{grid-template-columns:minmax(0,3fr) minmax(0,2fr)}.pair:has(figure.wide){grid-template-columns:minmax(0,1fr)}\
        .pair.totals{grid-template-columns:minmax(14rem,1fr) minmax(0,3fr)}}\
        .pair.totals > table{width:auto;min-width:16rem}
        figure{margin:0}figcaption{font-size:.85rem;margin-top:4px}
        svg.chart{display:block;width:100%;max-width:100%;height:auto;margin-bottom:6px}
        figure.wide svg.chart{max-width:880px}.charts{display:flex;flex-wrap:wrap;gap:8px 24px}.charts svg.chart{flex:1 1 380px;max-width:520px}\
        td.w{white-space:nowrap}
        .tables{max-height:26rem;overflow:auto}
        figure.wide + .tables{max-height:16rem}
        table{border-collapse:collapse;width:100%;font-size:.85rem;margin:0 0 14px;font-variant-numeric:tabular-nums}
        caption{text-align:left;font-size:.85rem;padding:0 0 4px}
        th,td{padding:3px 8px;border-bottom:1px solid var(--grid);text-align:left;vertical-align:top;overflow-wrap:anywhere}
        th{position:sticky;top:0;background:var(--panel);font-weight:600;border-bottom-color:var(--line);white-space:nowrap;overflow-wrap:normal}
        .n{text-align:right;white-space:nowrap}
        .legend{list-style:none;display:flex;flex-wrap:wrap;gap:4px 16px;margin:4px 0 0;padding:0;font-size:.85rem}
        .legend li{display:flex;align-items:center;gap:6px}
        svg.swatch{width:14px;height:14px}
        text{fill:var(--fg)}.tick{font-size:12px;fill:var(--muted)}.axis-title{font-size:12px;font-weight:600}
        .grid{stroke:var(--grid);stroke-width:1}.axis{stroke:var(--muted);stroke-width:1}
        .bar{fill:var(--bar)}.track{fill:var(--grid)}.run{fill:var(--run)}.run.longest{fill:var(--longest)}
        .h0{fill:var(--h0)}.h1{fill:var(--h1)}.h2{fill:var(--h2)}.h3{fill:var(--h3)}.h4{fill:var(--h4)}
        .rest,.skip{fill:none;stroke:var(--muted);stroke-width:1.2}.skip-cross{stroke:var(--muted);stroke-width:1.2}
        .mark{fill:var(--c);stroke:var(--panel);stroke-width:1;fill-opacity:.9}.trace{fill:none;stroke:var(--c);stroke-width:1.5;stroke-opacity:.7}
        @media print{:root{--bg:#fff;--fg:#000;--muted:#333;--panel:#fff;--line:#999;--grid:#ccc}
        body{font-size:11pt}main{max-width:none;padding:0}section{border:0;padding:0;margin:0 0 16px;break-inside:avoid-page}
        .tables,figure.wide + .tables{max-height:none;overflow:visible}th{position:static}
        .pair{grid-template-columns:minmax(0,1fr)}}
        """ + ChartPalette.css
}
