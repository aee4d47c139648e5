module github.com/go-bleu/bleu

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0 // indirect
	golang.org/x/text v0.44.0 // indirect
)
