//! One self-contained HTML page (no network) that steps through a solution: every
//! step's picture from [`super::svg`], its words from [`super::text`] and its level,
//! with next/previous buttons and the arrow keys.

use super::svg::{caption, draw, esc, step_title, LEGEND};
use super::text;
use crate::backends::rules::engine::board::Board;
use crate::backends::rules::engine::state::State;
use crate::backends::rules::engine::step::Step;

/// One self-contained HTML page (no network) that steps through a solution: the grid,
/// each step's text and picture, its level, and next/previous (buttons or arrow keys).
pub fn html(board: &Board, title: &str, states: &[State], steps: &[Step], ending: &str) -> String {
    let mut o = String::new();
    o.push_str("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n");
    o.push_str(&format!("<title>{}</title>\n", esc(title)));
    o.push_str(
        "<style>
body{font-family:'DejaVu Sans',Arial,sans-serif;margin:16px;color:#111;background:#fafafa}
h1{font-size:18px;margin:0 0 8px}
#bar{display:flex;gap:8px;align-items:center;margin:8px 0}
button{font-size:14px;padding:4px 12px}
#wrap{display:flex;gap:16px;align-items:flex-start}
#list{flex:none;max-height:720px;overflow:auto;font-size:12px;width:330px;border:1px solid #ccc;background:white}
#list div{padding:2px 6px;cursor:pointer;border-bottom:1px solid #eee;overflow-wrap:anywhere}
#list div.on{background:#dbe8ff}
.lv{display:inline-block;min-width:30px;font-weight:bold}
.step{display:none}.step.on{display:block}
#steps{flex:1;min-width:0}
#steps svg{max-width:100%;height:auto}
.caption{max-width:760px;overflow-wrap:anywhere}
.caption h2{font-size:15px;margin:6px 0}
.caption p{font-size:13px;margin:4px 0}
.caption p.legend{font-size:11px;color:#666}
#ending{margin-top:8px;font-size:13px;overflow-wrap:anywhere}
</style></head><body>\n",
    );
    o.push_str(&format!("<h1>{}</h1>\n", esc(title)));
    o.push_str("<div id=\"bar\"><button id=\"prev\">&larr; previous</button><button id=\"next\">next &rarr;</button><span id=\"pos\"></span></div>\n<div id=\"wrap\"><div id=\"list\">\n");
    for (i, step) in steps.iter().enumerate() {
        let level = text::level_label(step);
        o.push_str(&format!(
            "<div data-k=\"{i}\"><span class=\"lv\">{level}</span> {}. {}: {}</div>\n",
            i + 1,
            esc(&text::name(board, step)),
            esc(&text::change(board, step))
        ));
    }
    o.push_str("</div><div id=\"steps\">\n");
    for (i, step) in steps.iter().enumerate() {
        o.push_str(&format!("<div class=\"step\" id=\"s{i}\">\n"));
        o.push_str(&draw(board, &states[i], i + 1, step, false));
        o.push_str(&format!(
            "<div class=\"caption\"><h2>{}</h2>\n",
            esc(&step_title(board, i + 1, step))
        ));
        for p in caption(board, &states[i], step) {
            o.push_str(&format!("<p>{}</p>\n", esc(&p)));
        }
        o.push_str("<p class=\"legend\">");
        o.push_str(&esc(&LEGEND.join(" ")));
        o.push_str("</p></div></div>\n");
    }
    o.push_str(&format!(
        "</div></div>\n<div id=\"ending\">{}</div>\n",
        esc(ending)
    ));
    o.push_str(&format!(
        "<script>
var n={},k=0;
function show(j){{if(n==0)return;k=Math.max(0,Math.min(n-1,j));
for(var i=0;i<n;i++){{document.getElementById('s'+i).className='step'+(i==k?' on':'');}}
var items=document.querySelectorAll('#list div');
for(var i=0;i<items.length;i++){{items[i].className=(i==k?'on':'');}}
if(items[k])items[k].scrollIntoView({{block:'nearest'}});
document.getElementById('pos').textContent='step '+(k+1)+' of '+n;
if(location.hash!='#'+(k+1))history.replaceState(null,'','#'+(k+1));}}
document.getElementById('prev').onclick=function(){{show(k-1)}};
document.getElementById('next').onclick=function(){{show(k+1)}};
document.addEventListener('keydown',function(e){{if(e.key=='ArrowRight')show(k+1);if(e.key=='ArrowLeft')show(k-1);}});
var items=document.querySelectorAll('#list div');
for(var i=0;i<items.length;i++){{items[i].onclick=function(){{show(+this.getAttribute('data-k'))}};}}
show((parseInt(location.hash.slice(1))||1)-1);
</script></body></html>\n",
        steps.len()
    ));
    o
}
