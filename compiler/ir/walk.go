package ir

// Walk calls visit for t and every type written inside it (items, tuple
// elements, properties, additional properties, union variants, allOf,
// content schemas), parents first. It does not follow a KindRef into the
// named type's body; a caller that wants to, does so from visit, keeping
// its own set of the named types seen.
func Walk(t *Type, visit func(*Type)) {
	if t == nil {
		return
	}
	visit(t)
	Walk(t.Items, visit)
	for _, x := range t.PrefixItems {
		Walk(x, visit)
	}
	for _, p := range t.Properties {
		Walk(p.Type, visit)
	}
	Walk(t.AdditionalType, visit)
	for _, x := range t.Variants {
		Walk(x, visit)
	}
	for _, x := range t.AllOf {
		Walk(x, visit)
	}
	Walk(t.ContentSchema, visit)
}
