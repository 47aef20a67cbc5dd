// Coverage probe (not a rule): every fdget*() / fget*() call / CLASS(fd...)
// declaration Coccinelle could parse, so that the auditor can say how many
// grep-visible sites its path rules actually saw.
// Options: --no-includes --include-headers
virtual audit
@site@
identifier get = {fdget, fdget_raw, fdget_pos, fget, fget_raw, fget_task};
identifier f, cls =~ "^fd";
expression E;
position p;
@@
(
get@p(...)
|
CLASS(cls, f)@p(E)
)
@script:python@
p << site.p;
@@
print("%s:%s: [site]" % (p[0].file, p[0].line))
