package diffstructs

// Types are the structs compared with invopop/jsonschema, in the order
// the generator (./gen) and the test walk them.
var Types = []any{
	User{}, Address{}, Customer{}, SearchQuery{},
	Flight{}, Booking{}, Weather{}, Pagination{},
	ListOrders{}, Timestamps{}, Document{}, Blob{},
	Settings{}, Tree{}, Event{}, Matrix{},
	Skips{}, Stringly{}, Nullables{}, Required{},
	Titled{}, Extras{}, Examples{}, Numbers{},
	Flags{}, Tagged{}, Escaped{}, ReadOnlyFields{},
	Nested{}, Multi{}, Typed{}, OneOf{},
	Paint{}, Counts{}, Labelled{}, ByID{},
	Prose{}, Deep{}, Order{}, Wrapper{},
	QueryArgs{}, QueryOpt{}, SearchArgs{}, IncidentArgs{}, IncidentLabel{}, Rule{},
	Price{}, Money{},
}

// Recursive are the types that refer to themselves: invopop's
// DoNotReference recurses without end on them, so the generator leaves
// them out of that setting.
var Recursive = map[string]bool{"Tree": true, "Rule": true}
