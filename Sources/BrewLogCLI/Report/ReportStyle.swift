/// The report's CSS: light and dark colours (`prefers-color-scheme`); on a wide page each chart
/// beside its tables, small charts several to a row; on a phone one column, the wide charts'
/// labels enlarged and long tables folded into labelled blocks (nothing scrolls sideways); in
/// print black on white, every table whole.
enum ReportStyle {
    static let css = """
        :root{color-scheme:light dark;--bg:#fbfaf8;--fg:#1f1d1a;--muted:#5c5750;--line:#d9d4cc;--grid:#e8e4de;--panel:#ffffff;\
        --bar:#0072B2;--run:#7fb2db;--longest:#0b4f8a;--h0:#ebe8e3;--h1:#bcd7ec;--h2:#7fb2db;--h3:#3f83c2;--h4:#0b4f8a}
        @media (prefers-color-scheme: dark){:root{--bg:#161513;--fg:#ece8e1;--muted:#aaa397;--line:#3a3731;--grid:#2c2a26;--panel:#1e1c19;\
        --bar:#56B4E9;--run:#2f6f9f;--longest:#8cc8f5;--h0:#2a2824;--h1:#1d4a6e;--h2:#26689c;--h3:#3b8fd0;--h4:#8cc8f5}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
        main{max-width:1160px;margin:0 auto;padding:28px 24px 48px}
        h1{font-size:1.7rem;margin:0 0 4px}h2{font-size:1.3rem;margin:0 0 4px}h3{font-size:1.05rem;margin:0}
        .meta,.intro,.note,caption,summary,.empty{color:var(--muted)}
        .meta{margin:0 0 8px}.intro{margin:0;max-width:72ch}.note{margin:-10px 0 0;font-size:.85rem}
        section{background:var(--panel);border:1px solid var(--line);border-radius:10px;padding:18px 20px;margin:18px 0}
        .pair{display:grid;grid-template-columns:minmax(0,1fr);gap:14px 28px;align-items:start;margin-top:18px}
        .pair + .pair{border-top:1px solid var(--grid);padding-top:18px}
        .pair > h3,.pair > .note,.pair > .legend{grid-column:1/-1}
        @media (min-width:900px){.pair{grid-template-columns:minmax(0,3fr) minmax(0,2fr)}.pair.wide{grid-template-columns:minmax(0,1fr)}\
        .pair.totals{grid-template-columns:minmax(14rem,1fr) minmax(0,3fr)}}
        .figures{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,300px),1fr));gap:18px 28px;align-items:start;min-width:0}
        .figures:has(figure.year.compact){grid-template-columns:repeat(auto-fill,minmax(min(100%,420px),1fr))}
        figure{margin:0;min-width:0;grid-column:1/-1}figure.compact{grid-column:auto}
        figure.year:not(.compact){max-width:900px}
        figcaption{font-size:.9rem;font-weight:600;margin:0 0 4px}
        svg.chart{display:block;width:100%;height:auto}
        .wide figure:not(.compact) svg.chart{max-width:880px}.pair:not(.wide) svg.chart{max-width:560px}
        .tables{min-width:0}
        table{border-collapse:collapse;width:100%;font-size:.85rem;margin:0 0 14px;font-variant-numeric:tabular-nums}
        .wide .tables{display:flex;flex-wrap:wrap;gap:0 32px;align-items:flex-start}.wide .tables table{width:auto;max-width:100%}
        caption{text-align:left;font-size:.85rem;padding:0 0 4px}
        th,td{padding:3px 8px;border-bottom:1px solid var(--grid);text-align:left;vertical-align:top;overflow-wrap:anywhere}
        th{font-weight:600;border-bottom-color:var(--line);white-space:nowrap;overflow-wrap:normal}
        .n{text-align:right;white-space:nowrap}td.w{white-space:nowrap}td.l{min-width:10rem}
        details{margin:0 0 12px}summary{font-size:.85rem;padding:2px 0 6px;cursor:pointer}details caption{display:none}
        .legend{list-style:none;display:flex;flex-wrap:wrap;gap:4px 16px;margin:0;padding:0;font-size:.85rem}
        .legend li{display:flex;align-items:center;gap:6px}
        svg.swatch{width:14px;height:14px}
        text{fill:var(--fg)}.tick{font-size:12px;fill:var(--muted)}.axis-title{font-size:12px;font-weight:600}
        .grid{stroke:var(--grid);stroke-width:1}.axis{stroke:var(--muted);stroke-width:1}
        .bar{fill:var(--bar)}.track{fill:var(--grid)}.run{fill:var(--run)}.run.longest{fill:var(--longest)}
        .h0{fill:var(--h0)}.h1{fill:var(--h1)}.h2{fill:var(--h2)}.h3{fill:var(--h3)}.h4{fill:var(--h4)}
        .rest,.skip{fill:none;stroke:var(--muted);stroke-width:1.2}.skip-cross{stroke:var(--muted);stroke-width:1.2}
        .mark{fill:var(--c);stroke:var(--panel);stroke-width:1;fill-opacity:.9}.trace{fill:none;stroke:var(--c);stroke-width:1.5;stroke-opacity:.7}
        @media (max-width:640px){main{padding:16px 10px 32px}section{padding:14px 12px;border-radius:8px}h1{font-size:1.45rem}
        table.fold,table.fold tbody,table.fold caption{display:block}table.fold thead{display:none}
        table.fold tr{display:grid;grid-template-columns:repeat(auto-fill,minmax(4.6rem,1fr));gap:2px 10px;padding:6px 0;border-bottom:1px solid var(--grid)}
        table.fold td{border:0;padding:0;text-align:left;min-width:0}table.fold td.w{grid-column:span 2}
        table.fold td.l,table.fold td:first-child:not(.n){grid-column:1/-1}table.fold td:first-child:not(.n){font-weight:600}\
        table.fold td.l:empty{display:none}th{white-space:normal}
        table.fold td::before{content:attr(data-label);display:block;font-size:.7rem;color:var(--muted)}
        .wide figure:not(.compact) .tick{font-size:26px}.wide figure:not(.compact) .axis-title{display:none}        .wide figure.year .tick{font-size:20px}.wide figure.year.compact .tick{font-size:17px}.weekday{display:none}.wide .tables table.fold{width:100%}}
        @media print{:root{--bg:#fff;--fg:#000;--muted:#333;--panel:#fff;--line:#999;--grid:#ccc}
        body{font-size:10pt}main{max-width:none;padding:0}section{border:0;padding:0;margin:0 0 16px}
        .pair{grid-template-columns:minmax(0,1fr);break-inside:auto}figure{break-inside:avoid}
        summary{display:none}details caption{display:table-caption}details::details-content{content-visibility:visible;display:contents}}
        """ + ChartSeries.css
}
