// Common English given names and their nicknames (Bob/Robert, Bill/William, Peggy/Margaret), for the
// duplicate scan: "Bob Smith, 02134" and "Robert Smith, 02134" are likely one person. Each line is
// the formal name, then the names people go by; a nickname shared by two formal names (Al: Albert,
// Alfred, Alan) maps to every one of them.

const GROUPS: string[] = [
  'robert bob bobby rob robbie bert',
  'william bill billy will willie liam',
  'richard dick rick ricky rich richie',
  'james jim jimmy jamie',
  'john jack johnny jon',
  'jonathan jon jonny nathan',
  'michael mike mikey mick mickey',
  'thomas tom tommy',
  'joseph joe joey',
  'charles charlie chuck chas',
  'christopher chris kit topher',
  'daniel dan danny',
  'david dave davey',
  'edward ed eddie ted ned',
  'theodore ted teddy theo',
  'anthony tony',
  'andrew andy drew',
  'alexander alex al xander sandy',
  'albert al bert',
  'alfred al alf fred',
  'alan al',
  'benjamin ben benny benji',
  'matthew matt matty',
  'nicholas nick nicky',
  'patrick pat paddy',
  'peter pete',
  'samuel sam sammy',
  'stephen steve stevie',
  'steven steve stevie',
  'timothy tim timmy',
  'gregory greg',
  'jeffrey jeff',
  'kenneth ken kenny',
  'lawrence larry',
  'leonard leo len lenny',
  'raymond ray',
  'ronald ron ronnie',
  'donald don donnie',
  'douglas doug',
  'frederick fred freddie',
  'gerald gerry jerry',
  'harold hal harry',
  'henry hank harry',
  'lewis lou',
  'louis lou louie',
  'philip phil',
  'phillip phil',
  'walter walt wally',
  'zachary zach zack',
  'joshua josh',
  'jacob jake',
  'nathaniel nate nat nathan',
  'vincent vince vinny',
  'eugene gene',
  'francis frank fran',
  'franklin frank',
  'gabriel gabe',
  'abraham abe',
  'elizabeth liz lizzie beth betty betsy eliza libby',
  'margaret maggie meg peggy marge margie greta',
  'katherine kate katie kathy kat kay',
  'catherine cathy cate kate katie',
  'kathleen kathy kate',
  'jennifer jen jenny',
  'jessica jess jessie',
  'patricia pat patty trish tricia',
  'barbara barb barbie babs',
  'susan sue susie suzy',
  'deborah deb debbie',
  'rebecca becky becca',
  'christina chris tina chrissy',
  'christine chris tina chrissy',
  'victoria vicky tori',
  'alexandra alex sandra sandy lexi',
  'samantha sam sammy',
  'abigail abby gail',
  'dorothy dot dottie',
  'judith judy',
  'pamela pam',
  'cynthia cindy',
  'sandra sandy',
  'teresa terry tess',
  'theresa terry tess',
  'virginia ginny ginger',
  'frances fran frannie',
  'josephine jo josie',
  'eleanor ellie nell nora',
  'helen nell nellie',
  'mary molly polly mae',
  'ann annie nan nancy',
  'anne annie nan nancy',
  'sarah sally sadie',
  'caroline carrie carol',
  'suzanne sue suzy',
  'valerie val',
  'veronica ronnie vera',
  'allison allie ali',
  'madeline maddie maddy',
  'gwendolyn gwen',
  'kimberly kim',
  'melissa mel missy',
  'natalie nat',
  'stephanie steph',
  'angela angie',
];

const FORMAL_OF = new Map<string, Set<string>>();
for (const line of GROUPS) {
  const [formal, ...nicks] = line.split(' ');
  for (const name of [formal, ...nicks]) {
    const set = FORMAL_OF.get(name) ?? new Set<string>();
    set.add(formal);
    FORMAL_OF.set(name, set);
  }
}

/** The formal names a given name can stand for (itself when it is none's nickname). */
export function formalNames(first: string): string[] {
  const set = FORMAL_OF.get(first);
  return set ? [...set] : [first];
}

/** Two different given names that one person may go by (Bob and Robert, Bill and Will). */
export function areNicknames(a: string, b: string): boolean {
  if (!a || !b || a === b) return false;
  const formalA = formalNames(a);
  return formalNames(b).some((f) => formalA.includes(f));
}
