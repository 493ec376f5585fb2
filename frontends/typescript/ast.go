package typescript

// teKind is the syntactic form of a type expression.
type teKind uint8

const (
	teRef         teKind = iota // Name, Name<Args>, A.B (also primitives by name)
	teLit                       // string, number or boolean literal
	teUnion                     // elems
	teInter                     // elems
	teArray                     // elem[]
	teTuple                     // [elems]
	teObject                    // { members }
	teMapped                    // { [param in elem]: value }
	teKeyof                     // keyof elem
	teIndexed                   // elem[index]
	teParen                     // (elem)
	teUnsupported               // construct tscg does not compile; text says which
	teTypeof                    // typeof name (text is the dotted name)
	teBroken                    // a declaration tscg could not parse; text is why
)

// typeExpr is a parsed TypeScript type expression. Positions are byte
// offsets into the file's source.
//
// A file has one per few dozen bytes, so fields that no kind uses together
// share storage: text and elems mean what the kind says.
type typeExpr struct {
	kind teKind
	// Tuple element details (label in text); kept next to kind, where they
	// fit in its padding.
	optional bool // tuple element `?`; mapped `?`
	required bool // mapped `-?`
	rest     bool
	off      int
	// text is teRef's dotted name, teMapped's key parameter, teLit's
	// compact JSON value, a tuple element's label (teParen), or what
	// describes an unsupported construct ("conditional type", …).
	text string
	// elems are union/intersection members, tuple elements or teRef's
	// type arguments.
	elems   []*typeExpr
	elem    *typeExpr // array element, keyof/paren operand, mapped constraint, indexed object
	index   *typeExpr // indexed access index; mapped value type
	members []*member // teObject
}

// memberKind is the form of an object type or interface member.
type memberKind uint8

const (
	mProperty memberKind = iota
	mIndex
	mUnsupported
	mComputed // `[KEY]: T`; name is the dotted name of the key's constant
	mBroken   // a member tscg could not parse; name is the whole message
)

// member is one member of an object type literal or interface body.
type member struct {
	kind     memberKind
	optional bool
	// trailing is set when doc is not a JSDoc comment but the text of a
	// same-line trailing `//` comment, which only counts when there is no
	// JSDoc (see resolver.applyMemberDoc).
	trailing bool
	off      int
	name     string    // property name; mUnsupported: what it is
	typ      *typeExpr // property type or index value type
	key      *typeExpr // index signature key type
	doc      rawDoc
}

// typeParam is a declared type parameter.
type typeParam struct {
	name string
	def  *typeExpr // default, or nil
}

// declKind is the form of a named type declaration.
type declKind uint8

const (
	dInterface declKind = iota
	dAlias
	dEnum
)

// enumMember is one member of an enum declaration.
type enumMember struct {
	name string
	off  int
	init *typeExpr // literal initializer, teUnsupported, or nil (auto-increment)
}

// decl is a named type declaration: interface, type alias or enum.
type decl struct {
	kind       declKind
	name       string
	off        int
	exported   bool
	merged     bool // the file declares its name more than once (set by loader.parse)
	doc        rawDoc
	typeParams []typeParam
	heritage   []*typeExpr // interface extends
	members    []*member   // interface body (merged declarations appended)
	body       *typeExpr   // type alias
	enum       []enumMember
	file       *file
	// ns is the full name of the namespace declaring it ("" at top level);
	// name is then the full dotted name.
	ns string
	// class: a class used as a type (kind dInterface: its public data
	// members; see parseClass).
	class bool
}

// param is a function parameter.
type param struct {
	name     string // "" for a destructuring pattern
	off      int
	optional bool // `?` or a default value
	rest     bool
	typ      *typeExpr // nil when not annotated
}

// funcDecl is an exported function declaration (tool form b).
type funcDecl struct {
	name       string
	off        int
	doc        rawDoc
	typeParams []typeParam
	params     []param
	ret        *typeExpr // nil when not annotated
	hasBody    bool      // an implementation, not a declaration
	body       int       // offset of the body's '{'
	paramsOff  int       // offset of the parameter list's '('
	file       *file
}

// importBinding is what a local name imported from another module refers to.
type importBinding struct {
	spec string // module specifier
	name string // exported name, "default", or "*" for a namespace import
	off  int    // position of the specifier string
}

// exportBinding is one name in a file's export table.
type exportBinding struct {
	local string // local name in this file, when spec == ""
	spec  string // re-export source module
	name  string // exported name in spec's module ("*" for `export * as`)
	off   int
}

// starExport is an `export * from 'spec'`.
type starExport struct {
	spec string
	off  int
}

// rawDoc is a JSDoc comment as written, with its offset.
type rawDoc struct {
	text string
	off  int
}
