package toolsearch

import (
	"strings"
	"sync"
)

// synonymGroups are words API catalogs and requests use for one thing; a
// request word meets the other words of its groups at Params.Synonym of
// its weight. A line "a b c" is a group; "a b > c" says a and b are kinds
// of c (a request naming dollars wants a currency tool, not the reverse).
// The list is general English, not taken from any benchmark's answers.
const synonymGroups = `
average mean
odds probability chance likelihood
price cost fee fare
buy purchase
film movie
car vehicle automobile
picture image photo photograph
delete remove erase
begin start launch
stop finish terminate end
search find locate lookup
show display view
make create
retrieve fetch obtain
book reserve
modify update change edit
song track tune
doctor physician
phone telephone mobile
email mail
town city
speed velocity
trip journey
hotel accommodation lodging
salary wage income
employee staff worker
customer client
file document
folder directory
largest biggest maximum max highest
smallest minimum min lowest
dollar euro yen pound rupee peso franc usd eur gbp jpy > currency
celsius fahrenheit kelvin > temperature
kilogram gram pound ounce kg lb > weight
mile kilometer meter feet foot km > distance
kilogram kg kilo
centimeter cm
millimeter mm
kilometer km
meter metre
liter litre
pound lb lbs
feet foot ft
hour hr
minute mins
second sec secs
`

// synonyms maps a term to the terms it also means, analysed as index
// terms are; built on first use, not at package init (the CLI starts
// fast).
var synonyms = sync.OnceValue(func() map[string][]string {
	out := map[string][]string{}
	add := func(a, b string) {
		if a != b && !contains(out[a], b) {
			out[a] = append(out[a], b)
		}
	}
	for _, line := range strings.Split(synonymGroups, "\n") {
		kinds, of, isA := strings.Cut(line, ">")
		ws := terms(kinds, true, false)
		if isA {
			for _, w := range ws {
				for _, c := range terms(of, true, false) {
					add(w, c)
				}
			}
			continue
		}
		for _, a := range ws {
			for _, b := range ws {
				add(a, b)
			}
		}
	}
	return out
})

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// synonymTerms are the terms the request's words also mean, that it does
// not hold itself.
func (ix *Index) synonymTerms(uniq []string, seen map[string]bool) []string {
	if ix.p.Synonym == 0 {
		return nil
	}
	var out []string
	for _, t := range uniq {
		for _, s := range synonyms()[t] {
			if _, ok := ix.postings[s]; ok && !seen[s] && !contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}
