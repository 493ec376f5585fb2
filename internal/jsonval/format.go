package jsonval

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// formatCheck returns the check of a format this package asserts, or nil
// for a format it does not know (an annotation only). Values that are not
// strings pass, as the specification says.
func formatCheck(name string) func(any) error {
	f := formatChecker(name)
	if f == nil {
		return nil
	}
	return func(v any) error {
		s, ok := v.(string)
		if !ok {
			return nil
		}
		return f(s)
	}
}

// formatChecker is a switch, not a map: a map literal would be built at
// package init, at every start of every command.
func formatChecker(name string) func(string) error {
	switch name {
	case "date-time":
		return checkDateTime
	case "date":
		return checkDate
	case "time":
		return checkTime
	case "duration":
		return checkDuration
	case "email":
		return checkEmail
	case "hostname":
		return checkHostname
	case "ipv4":
		return checkIPv4
	case "ipv6":
		return checkIPv6
	case "uri":
		return checkURI
	case "uri-reference":
		return checkURIReference
	case "iri":
		return checkURI
	case "iri-reference":
		return checkURIReference
	case "uri-template":
		return checkURITemplate
	case "uuid":
		return checkUUID
	case "regex":
		return checkRegex
	case "json-pointer":
		return checkJSONPointer
	case "relative-json-pointer":
		return checkRelativeJSONPointer
	}
	return nil
}

func checkDate(s string) error {
	if len(s) != 10 {
		return errors.New("not a full-date (YYYY-MM-DD)")
	}
	if _, err := time.Parse("2006-01-02", s); err != nil {
		return errors.New("not a full-date (YYYY-MM-DD)")
	}
	return nil
}

// checkTime reads RFC 3339's full-time: hh:mm:ss[.frac] and an offset,
// allowing a leap second at 23:59:60 UTC.
func checkTime(s string) error {
	bad := errors.New("not a full-time (hh:mm:ss with an offset)")
	if len(s) < 9 || s[2] != ':' || s[5] != ':' {
		return bad
	}
	h, m, sec := digits2(s[0:2]), digits2(s[3:5]), digits2(s[6:8])
	rest := s[8:]
	if strings.HasPrefix(rest, ".") {
		i := 1
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		if i == 1 {
			return bad
		}
		rest = rest[i:]
	}
	oh, om, sign := 0, 0, 0
	switch {
	case rest == "Z" || rest == "z":
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		oh, om = digits2(rest[1:3]), digits2(rest[4:6])
		sign = 1
		if rest[0] == '-' {
			sign = -1
		}
	default:
		return bad
	}
	if h < 0 || h > 23 || m < 0 || m > 59 || sec < 0 || sec > 60 || oh < 0 || oh > 23 || om < 0 || om > 59 {
		return bad
	}
	if sec == 60 { // a leap second is 23:59:60 in UTC
		utc := (h*60+m-sign*(oh*60+om))%(24*60) + 24*60
		if utc%(24*60) != 23*60+59 {
			return bad
		}
	}
	return nil
}

func digits2(s string) int {
	if len(s) != 2 || s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9' {
		return -1
	}
	return int(s[0]-'0')*10 + int(s[1]-'0')
}

func checkDateTime(s string) error {
	i := strings.IndexAny(s, "Tt")
	if i < 0 {
		return errors.New("not a date-time (date T time)")
	}
	if err := checkDate(s[:i]); err != nil {
		return err
	}
	return checkTime(s[i+1:])
}

// checkDuration reads ISO 8601's durations as RFC 3339 appendix A has them.
func checkDuration(s string) error {
	bad := fmt.Errorf("not a duration (P…)")
	if !strings.HasPrefix(s, "P") || len(s) < 2 {
		return bad
	}
	date, tpart, hasT := strings.Cut(s[1:], "T")
	if hasT && tpart == "" {
		return bad
	}
	if date != "" && !units(date, "YMD") && !(units(date, "W") && !hasT) {
		return bad
	}
	if hasT && !units(tpart, "HMS") {
		return bad
	}
	return nil
}

// units reports whether s is one or more number+unit pairs, the units in
// the order of order, each once and without gaps.
func units(s, order string) bool {
	if s == "" {
		return false
	}
	first := true
	for s != "" {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 || i == len(s) {
			return false
		}
		j := strings.IndexByte(order, s[i])
		if j < 0 || (!first && j != 0) {
			return false // units follow each other: P1Y2D skips the months
		}
		order, s, first = order[j+1:], s[i+1:], false
	}
	return true
}

func checkEmail(s string) error {
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || at == len(s)-1 {
		return errors.New("not an email address")
	}
	local, domain := s[:at], s[at+1:]
	if !localPart(local) {
		return errors.New("not an email address")
	}
	if strings.HasPrefix(domain, "[") && strings.HasSuffix(domain, "]") {
		ip := strings.TrimPrefix(domain[1:len(domain)-1], "IPv6:")
		if _, err := netip.ParseAddr(ip); err != nil {
			return errors.New("not an email address")
		}
		return nil
	}
	return checkHostname(domain)
}

func checkHostname(s string) error {
	bad := errors.New("not a hostname")
	if s == "" || len(s) > 253 {
		return bad
	}
	for _, label := range strings.Split(strings.TrimSuffix(s, "."), ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return bad
		}
		if len(label) >= 4 && label[2:4] == "--" && !strings.HasPrefix(strings.ToLower(label), "xn--") {
			return bad
		}
		for _, c := range label {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
				return bad
			}
		}
	}
	return nil
}

func checkIPv4(s string) error {
	a, err := netip.ParseAddr(s)
	if err != nil || !a.Is4() {
		return errors.New("not an IPv4 address")
	}
	return nil
}

func checkIPv6(s string) error {
	a, err := netip.ParseAddr(s)
	if err != nil || !a.Is6() || a.Zone() != "" {
		return errors.New("not an IPv6 address")
	}
	return nil
}

func checkURI(s string) error {
	u, err := url.Parse(s)
	if err != nil || !u.IsAbs() || strings.ContainsAny(s, " \\<>\"|^`") {
		return errors.New("not an absolute URI")
	}
	return nil
}

func checkURIReference(s string) error {
	if _, err := url.Parse(s); err != nil || strings.ContainsAny(s, " \\<>\"|^`") {
		return errors.New("not a URI reference")
	}
	return nil
}

func checkUUID(s string) error {
	if len(s) != 36 {
		return errors.New("not a UUID")
	}
	for i, c := range s {
		dash := i == 8 || i == 13 || i == 18 || i == 23
		hex := c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
		if dash != (c == '-') || (!dash && !hex) {
			return errors.New("not a UUID")
		}
	}
	return nil
}

func checkRegex(s string) error {
	if _, err := regexp.Compile(s); err != nil {
		return errors.New("not a regular expression")
	}
	return nil
}

func checkJSONPointer(s string) error {
	if s != "" && !strings.HasPrefix(s, "/") {
		return errors.New("not a JSON pointer")
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && (i+1 == len(s) || (s[i+1] != '0' && s[i+1] != '1')) {
			return errors.New("not a JSON pointer")
		}
	}
	return nil
}

func checkRelativeJSONPointer(s string) error {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || (s[0] == '0' && i > 1) {
		return errors.New("not a relative JSON pointer")
	}
	if _, err := strconv.Atoi(s[:i]); err != nil || (s[i:] != "#" && checkJSONPointer(s[i:]) != nil) {
		return errors.New("not a relative JSON pointer")
	}
	return nil
}

// checkURITemplate reads RFC 6570 level 4: literals, and expressions of
// an optional operator and comma-separated variables, each with an
// optional prefix length (1 to 9999) or explode.
func checkURITemplate(s string) error {
	bad := errors.New("not a URI template")
	for s != "" {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			i = len(s)
		}
		if !templateLiteral(s[:i]) {
			return bad
		}
		if i == len(s) {
			return nil
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 || !templateExpression(s[i+1:i+j]) {
			return bad
		}
		s = s[i+j+1:]
	}
	return nil
}

func templateLiteral(s string) bool {
	for _, c := range s {
		if c <= ' ' || c == 0x7f || strings.ContainsRune("\"<>\\^`{|}", c) {
			return false
		}
	}
	return true
}

func templateExpression(e string) bool {
	if e != "" && strings.ContainsRune("+#./;?&=,!@|", rune(e[0])) {
		e = e[1:]
	}
	for _, spec := range strings.Split(e, ",") {
		name, mod, hasMod := strings.Cut(spec, ":")
		if !hasMod {
			name = strings.TrimSuffix(spec, "*")
		} else if len(mod) == 0 || len(mod) > 4 || mod[0] == '0' || strings.Trim(mod, "0123456789") != "" {
			return false
		}
		if name == "" || strings.HasPrefix(name, ".") || strings.HasSuffix(name, ".") || strings.Contains(name, "..") {
			return false
		}
		for _, c := range name {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '%') {
				return false
			}
		}
	}
	return true
}

// localPart reads RFC 5321's Local-part: a dot-string of atext, or a
// quoted string.
func localPart(s string) bool {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		q := s[1 : len(s)-1]
		for i := 0; i < len(q); i++ {
			if q[i] == '\\' {
				i++
			} else if q[i] == '"' || q[i] < 32 {
				return false
			}
		}
		return true
	}
	if strings.HasPrefix(s, ".") || strings.HasSuffix(s, ".") || strings.Contains(s, "..") {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80 || strings.ContainsRune(".!#$%&'*+/=?^_`{|}~-", c)) {
			return false
		}
	}
	return true
}
