//! Tokens of a claim, read one at a time so that errors come out in the order of the text.

use std::fmt;

/// A token's kind. A lexical error is a token too ([`Kind::Bad`]): the parser reports it
/// only when it reaches it, after any error earlier in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind<'a> {
    Int(i128),
    Ident(&'a str),
    True,
    False,
    LParen,
    RParen,
    Comma,
    Not,
    AndAnd,
    OrOr,
    EqEq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    End,
    Bad(LexError<'a>),
}

/// What is wrong with a piece of text that is no token of the language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LexError<'a> {
    /// `=` alone or `;`.
    Statement,
    /// A decimal point: `1.5`, `.5`.
    Fraction(&'a str),
    /// Digits followed by letters: `0x1f`, `2k`.
    NotDecimal(&'a str),
    /// Digits beyond `i128::MAX`.
    TooBig(&'a str),
    /// `"` or `'`.
    Quote,
    /// `&` or `|` alone.
    Single(char),
    /// `^`: xor in some languages, a power in others.
    Caret,
    Unexpected(char),
}

impl fmt::Display for LexError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LexError::Statement => write!(f, "assignments and `;` are not allowed (compare with `==`)"),
            LexError::Fraction(t) => write!(f, "`{t}`: claims have integers only, no decimal point"),
            LexError::NotDecimal(t) => write!(f, "`{t}` is not a decimal integer"),
            LexError::TooBig(t) => write!(f, "the integer {t} does not fit in 128 bits"),
            LexError::Quote => write!(f, "claims have no strings"),
            LexError::Single('&') => write!(f, "`&` is not an operator (use `&&`, or bitand(x, y) for bits)"),
            LexError::Single(c) => write!(
                f,
                "`{c}` is not an operator (use `{c}{c}`, or bitor(x, y) for bits)"
            ),
            LexError::Caret => write!(
                f,
                "`^` is not an operator (use bitxor(x, y) for xor, `*` for powers)"
            ),
            LexError::Unexpected(c) => write!(
                f,
                "unexpected `{}`",
                crate::shown::escaped(c.to_string().as_bytes(), 8)
            ),
        }
    }
}

impl fmt::Display for Kind<'_> {
    /// How an error message names the token.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let symbol = match self {
            Kind::Int(v) => return write!(f, "`{v}`"),
            Kind::Ident(name) => return write!(f, "`{name}`"),
            Kind::End => return write!(f, "the end"),
            Kind::Bad(e) => return write!(f, "{e}"),
            Kind::True => "true",
            Kind::False => "false",
            Kind::LParen => "(",
            Kind::RParen => ")",
            Kind::Comma => ",",
            Kind::Not => "!",
            Kind::AndAnd => "&&",
            Kind::OrOr => "||",
            Kind::EqEq => "==",
            Kind::Ne => "!=",
            Kind::Lt => "<",
            Kind::Le => "<=",
            Kind::Gt => ">",
            Kind::Ge => ">=",
            Kind::Plus => "+",
            Kind::Minus => "-",
            Kind::Star => "*",
            Kind::Slash => "/",
            Kind::Percent => "%",
        };
        write!(f, "`{symbol}`")
    }
}

/// A token and the column (characters from 1) of its first character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token<'a> {
    pub kind: Kind<'a>,
    pub column: usize,
}

/// Reads the tokens of `text` from the start.
pub(crate) struct Lexer<'a> {
    text: &'a str,
    /// Byte offset of the next character.
    pos: usize,
    /// Characters before `pos`.
    chars: usize,
}

fn is_ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn is_ident_continue(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

impl<'a> Lexer<'a> {
    pub(crate) fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            pos: 0,
            chars: 0,
        }
    }

    fn peek_char(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) {
        if let Some(c) = self.peek_char() {
            self.pos += c.len_utf8();
            self.chars += 1;
        }
    }

    /// Advances while `keep` holds; returns the text passed over.
    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> &'a str {
        let start = self.pos;
        while self.peek_char().is_some_and(&keep) {
            self.bump();
        }
        &self.text[start..self.pos]
    }

    /// Consumes `second` if it comes next.
    fn follows(&mut self, second: char) -> bool {
        let found = self.peek_char() == Some(second);
        if found {
            self.bump();
        }
        found
    }

    /// Returns the next token; [`Kind::End`] (at one past the last column) from the end on.
    pub(crate) fn next_token(&mut self) -> Token<'a> {
        self.take_while(char::is_whitespace);
        let column = self.chars + 1;
        let start = self.pos;
        let Some(c) = self.peek_char() else {
            return Token {
                kind: Kind::End,
                column,
            };
        };
        self.bump();
        let kind = match c {
            '0'..='9' => self.number(start),
            c if is_ident_start(c) => {
                self.take_while(is_ident_continue);
                match &self.text[start..self.pos] {
                    "true" => Kind::True,
                    "false" => Kind::False,
                    name => Kind::Ident(name),
                }
            }
            '(' => Kind::LParen,
            ')' => Kind::RParen,
            ',' => Kind::Comma,
            '+' => Kind::Plus,
            '-' => Kind::Minus,
            '*' => Kind::Star,
            '/' => Kind::Slash,
            '%' => Kind::Percent,
            '!' if self.follows('=') => Kind::Ne,
            '!' => Kind::Not,
            '<' if self.follows('=') => Kind::Le,
            '<' => Kind::Lt,
            '>' if self.follows('=') => Kind::Ge,
            '>' => Kind::Gt,
            '=' if self.follows('=') => Kind::EqEq,
            '=' | ';' => Kind::Bad(LexError::Statement),
            '&' if self.follows('&') => Kind::AndAnd,
            '|' if self.follows('|') => Kind::OrOr,
            '&' | '|' => Kind::Bad(LexError::Single(c)),
            '^' => Kind::Bad(LexError::Caret),
            '"' | '\'' => Kind::Bad(LexError::Quote),
            '.' if self.peek_char().is_some_and(|d| d.is_ascii_digit()) => {
                self.take_while(|d| d.is_ascii_digit());
                Kind::Bad(LexError::Fraction(&self.text[start..self.pos]))
            }
            other => Kind::Bad(LexError::Unexpected(other)),
        };
        Token { kind, column }
    }

    /// The rest of a number whose first digit, at byte `start`, was just read.
    fn number(&mut self, start: usize) -> Kind<'a> {
        self.take_while(|d| d.is_ascii_digit());
        if self.peek_char().is_some_and(is_ident_continue) {
            self.take_while(is_ident_continue);
            return Kind::Bad(LexError::NotDecimal(&self.text[start..self.pos]));
        }
        if self.peek_char() == Some('.') {
            self.bump();
            self.take_while(|d| d.is_ascii_digit());
            return Kind::Bad(LexError::Fraction(&self.text[start..self.pos]));
        }
        let digits = &self.text[start..self.pos];
        digits
            .parse()
            .map_or(Kind::Bad(LexError::TooBig(digits)), Kind::Int)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<(Kind<'_>, usize)> {
        let mut lexer = Lexer::new(text);
        let mut out = Vec::new();
        loop {
            let t = lexer.next_token();
            out.push((t.kind, t.column));
            if matches!(t.kind, Kind::End | Kind::Bad(_)) {
                return out;
            }
        }
    }

    #[test]
    fn operators_take_their_longest_form() {
        assert_eq!(
            tokens("a<=b!=!c"),
            [
                (Kind::Ident("a"), 1),
                (Kind::Le, 2),
                (Kind::Ident("b"), 4),
                (Kind::Ne, 5),
                (Kind::Not, 7),
                (Kind::Ident("c"), 8),
                (Kind::End, 9),
            ]
        );
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        assert_eq!(
            tokens("é ≥ 1"),
            [(Kind::Ident("é"), 1), (Kind::Bad(LexError::Unexpected('≥')), 3),]
        );
    }

    #[test]
    fn integers_are_decimal_and_fit_in_128_bits() {
        let max = i128::MAX.to_string();
        assert_eq!(tokens(&max)[0].0, Kind::Int(i128::MAX));
        let over = (i128::MAX as u128 + 1).to_string();
        assert_eq!(tokens(&over)[0].0, Kind::Bad(LexError::TooBig(&over)));
        assert_eq!(tokens("0x1f")[0].0, Kind::Bad(LexError::NotDecimal("0x1f")));
        assert_eq!(tokens(" 1.5")[0], (Kind::Bad(LexError::Fraction("1.5")), 2));
        assert_eq!(tokens(".5")[0].0, Kind::Bad(LexError::Fraction(".5")));
        assert_eq!(tokens("007")[0].0, Kind::Int(7));
    }

    #[test]
    fn statements_and_strings_are_errors_where_they_stand() {
        assert_eq!(tokens("a = 1")[1], (Kind::Bad(LexError::Statement), 3));
        assert_eq!(tokens("a; b")[1], (Kind::Bad(LexError::Statement), 2));
        assert_eq!(tokens("\"x\"")[0], (Kind::Bad(LexError::Quote), 1));
        assert_eq!(tokens("a & b")[1], (Kind::Bad(LexError::Single('&')), 3));
        assert_eq!(tokens("a ^ b")[1], (Kind::Bad(LexError::Caret), 3));
    }

    #[test]
    fn keywords_are_whole_words() {
        assert_eq!(tokens("true truex")[0].0, Kind::True);
        assert_eq!(tokens("true truex")[1].0, Kind::Ident("truex"));
    }
}
