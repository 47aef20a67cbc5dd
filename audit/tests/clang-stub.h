/* Just enough of <linux/file.h> for clang -fsyntax-only on tests/cases. */
struct file { int f_mode, f_flags; };
struct fd { struct file *file; unsigned int flags; };
struct fd fdget(int fd);
void fdput(struct fd f);
static inline void fdput_cleanup(struct fd *f) { fdput(*f); }
#define CLASS(c, v) struct fd v __attribute__((cleanup(fdput_cleanup))) = fdget
#define fd_file(f) ((f).file)
#define fd_empty(f) (!(f).file)
#define EBADF 9
int work(struct file *file);
